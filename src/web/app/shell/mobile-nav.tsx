import { Menu } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '../../../shared/vocabulary/roles';
import { Brand } from '../../ui/brand';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { SidebarNav } from './sidebar-nav';

/** On small screens the sidebar opens as a drawer from the menu button. */
export function MobileNav({ role }: { role: Role }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu">
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent side="left" closeLabel="Close navigation menu" className="overflow-y-auto">
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        <DialogDescription className="sr-only">The main sections of the clinic portal.</DialogDescription>
        <Brand />
        <SidebarNav role={role} label="Mobile navigation" onNavigate={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
