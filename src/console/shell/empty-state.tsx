import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** What is missing and what to do next: an icon, a heading, a sentence and the one action that helps. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={40} />
      <h2>{title}</h2>
      <p>{children}</p>
      {action}
    </div>
  );
}
