import type { ReactNode } from 'react';
import { useScreenHeading } from '../../app/route-info';
import { Brand } from '../../ui/brand';
import { Card, CardContent, CardHeader } from '../../ui/card';

/** Signed-out screens: the brand, one card with the page's heading, and whatever the page puts below. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { title, subtitle } = useScreenHeading();
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
      <header className="mb-6">
        <Brand />
      </header>
      <main id="main-content" className="w-full max-w-md">
        <Card>
          <CardHeader>
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
            {subtitle ? <p className="text-muted-foreground text-sm">{subtitle}</p> : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">{children}</CardContent>
        </Card>
        {footer ? <div className="mt-4 text-center text-muted-foreground text-sm">{footer}</div> : null}
      </main>
    </div>
  );
}

export const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
