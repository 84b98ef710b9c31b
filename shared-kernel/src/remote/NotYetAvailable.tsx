import type { ComponentType } from 'react';
import type { PageProps } from '../contracts/remote-module';

/**
 * The honest page of a screen whose issue is not done yet: it names the screen and says so.
 * Remotes map every route they declare but have not built yet to `notYetAvailable(title)`.
 */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <section className="wz-not-yet-available" role="status" style={{ padding: 24, maxWidth: 640 }}>
      <h1 style={{ fontSize: 22, margin: '0 0 8px' }}>{title}</h1>
      <p style={{ margin: 0, color: '#555' }}>Cet écran n’est pas encore disponible. Il arrive dans une prochaine version.</p>
    </section>
  );
}

export function notYetAvailable(title: string): ComponentType<PageProps> {
  const Page = () => <NotYetAvailable title={title} />;
  Page.displayName = `NotYetAvailable(${title})`;
  return Page;
}
