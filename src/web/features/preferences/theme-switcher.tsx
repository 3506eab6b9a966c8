import { Monitor, Moon, Sun } from 'lucide-react';
import { toast } from 'sonner';
import { THEMES } from '../../../shared/vocabulary/preferences';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { usePreferences, useUpdatePreferences } from './api';

export const THEME_LABELS = { light: 'Light', dark: 'Dark', auto: 'System' } as const;
const THEME_ICONS = { light: Sun, dark: Moon, auto: Monitor } as const;

export function ThemeSwitcher() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const theme = preferences.data?.theme ?? 'auto';
  const Icon = THEME_ICONS[theme];

  const choose = (value: string) => {
    const next = THEMES.find((candidate) => candidate === value);
    if (!next || next === theme) return;
    update.mutate(
      { theme: next },
      { onError: () => toast.error('Could not save your theme. Please try again.') },
    );
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[theme]}`}>
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={choose}>
          {THEMES.map((value) => {
            const ItemIcon = THEME_ICONS[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <ItemIcon aria-hidden="true" />
                {THEME_LABELS[value]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
