import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  lead?: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** The title block every in-app page starts with. */
export function PageHeading({ title, lead, eyebrow, children }: PageHeadingProps) {
  return (
    <header className="mb-8">
      {eyebrow ? (
        <p className="mb-1 text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300">
          {eyebrow}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 max-w-2xl text-muted">{lead}</p> : null}
      {children}
    </header>
  );
}
