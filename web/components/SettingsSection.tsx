import type { ReactNode } from 'react';

/** One card of the settings page: a titled section, named by its title for assistive technology. */
export function SettingsSection({
  title,
  lead,
  id,
  testId,
  className = '',
  children,
}: {
  title: string;
  lead?: string;
  /** An anchor other pages and the program mails link to (`/account/profile#mail`). */
  id?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} data-testid={testId} className={`card p-5 sm:p-7 ${className}`} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {lead ? <p className="mt-1 text-sm text-muted">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
