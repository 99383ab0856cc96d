import { useId, type ReactNode } from 'react';

/** A titled part of the details panel, named by its title for assistive technology. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="details-section" aria-labelledby={id}>
      <h4 id={id} className="section-title">
        {title}
      </h4>
      {children}
    </section>
  );
}
