import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  /** Undefined while loading: a placeholder of the same height keeps the layout still. */
  value: ReactNode | undefined;
  /** The exact figure behind a rounded one, shown on hover. */
  title?: string | undefined;
}

/** Read-only facts as a term/definition list. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="facts details-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="details-fact">
          <dt>{fact.label}</dt>
          <dd title={fact.title}>{fact.value ?? <span className="skeleton" role="img" aria-label="Loading" />}</dd>
        </div>
      ))}
    </dl>
  );
}
