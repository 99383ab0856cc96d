import type { ReactNode } from 'react';

interface Props {
  problems: readonly { message: string }[];
  id?: string;
  /** More to say after the problems, e.g. why the input cannot be used as it is. */
  children?: ReactNode;
}

/** What is wrong with a dialog's fields, checked as the person types and announced politely (styled in dialog.css). */
export function FieldProblems({ problems, id, children }: Props) {
  return (
    <div id={id} className="field-problems" aria-live="polite">
      {problems.map((p) => (
        <p key={p.message}>{p.message}</p>
      ))}
      {children}
    </div>
  );
}
