import { Bell, KeyRound, LogOut, Palette, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../../shared/vocabulary/roles';
import { useSession, useUser } from '../../features/auth/session';
import { fullName } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { UserAvatar } from './user-avatar';

/** The user menu of specification section 2; Profile Settings and System Settings both open the profile tab. */
export const USER_MENU_LINKS = [
  { label: 'Profile Settings', to: '/settings?tab=profile', icon: UserRound },
  { label: 'Change Password', to: '/settings?tab=security', icon: KeyRound },
  { label: 'Notifications', to: '/settings?tab=notifications', icon: Bell },
  { label: 'Appearance', to: '/settings?tab=appearance', icon: Palette },
  { label: 'System Settings', to: '/settings?tab=profile', icon: Settings },
] as const;

export function UserMenu() {
  const user = useUser();
  const { logout } = useSession();
  const name = fullName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${name}`}>
          <UserAvatar user={user} />
          <span className="hidden max-w-32 truncate md:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
          <span className="font-semibold">{name}</span>
          <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          <Badge variant="secondary" className="mt-1 w-fit">
            {ROLE_LABELS[user.role]}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {USER_MENU_LINKS.map((item) => (
            <DropdownMenuItem key={item.label} asChild>
              <Link to={item.to}>
                <item.icon aria-hidden="true" />
                {item.label}
              </Link>
            </DropdownMenuItem>
          ))}
          {user.role === 'admin' ? (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" />
                Admin Panel
              </Link>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
