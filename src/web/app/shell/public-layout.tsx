import type { ReactNode } from 'react';
import { DonateButton } from '../../features/donations/donate-button';
import { Brand } from '../../ui/brand';
import { PageHeading } from '../../ui/page-heading';
import { useScreenHeading } from '../route-info';

/** Public screens that are not sign-in forms: a top bar with the brand and Donate, then the page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { title, subtitle } = useScreenHeading();
  return (
    <div className="min-h-screen bg-background">
      <header className="border-border border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-4">
          <Brand />
          {/* Visitors may give without an account. */}
          <DonateButton />
        </div>
      </header>
      <main id="main-content" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
        <PageHeading title={title} subtitle={subtitle} />
        {children}
      </main>
    </div>
  );
}
