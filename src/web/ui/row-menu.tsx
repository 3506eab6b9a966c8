import { MoreHorizontal } from 'lucide-react';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

export type RowAction = {
  key: string;
  /** What the button or menu item says: 'Check in'. */
  text: string;
  /** The name a screen reader hears, naming the row: 'Check in: Ada Lovelace, 2 Mar 14:30'. */
  label?: string;
  onSelect: () => void;
  disabled?: boolean;
  destructive?: boolean;
};

type RowActionsProps = {
  /** The first is shown as a button; the rest go in the menu. */
  actions: readonly RowAction[];
  /** Names the menu button for its row: 'More actions for Ada Lovelace on 2 Mar'. */
  menuLabel: string;
};

/**
 * A row's one primary action as a button and the others in a menu, so a long list stays one line a row.
 * The menu is Radix's menu button: Enter, Space or Down opens it on the first item, the arrows move, Escape
 * closes it and gives focus back to its button.
 */
export function RowActions({ actions, menuLabel }: RowActionsProps) {
  const [primary, ...rest] = actions;
  if (!primary) return null;
  return (
    <div className="flex items-center gap-2">
      <Button
        size="sm"
        variant={primary.destructive ? 'destructive' : 'outline'}
        aria-label={primary.label}
        onClick={primary.onSelect}
        disabled={primary.disabled}
      >
        {primary.text}
      </Button>
      {rest.length > 0 ? <RowMenu actions={rest} menuLabel={menuLabel} /> : null}
    </div>
  );
}

/** A row's actions behind one 'more' button. */
export function RowMenu({ actions, menuLabel }: RowActionsProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" aria-label={menuLabel} title={menuLabel} className="size-9">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.key}
            aria-label={action.label}
            disabled={action.disabled}
            onSelect={action.onSelect}
            className={action.destructive ? 'text-destructive' : undefined}
          >
            {action.text}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
