import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type RowAction, RowActions } from './row-menu';

const actionsOf = (chosen: (key: string) => void): RowAction[] =>
  ['Check in', 'Complete', 'Cancel'].map((text) => ({
    key: text,
    text,
    label: `${text}: Ada Lovelace, 2 Mar 14:30`,
    onSelect: () => chosen(text),
  }));

const menuButton = () => screen.getByRole('button', { name: 'More actions for Ada Lovelace on 2 Mar 14:30' });

describe('RowActions', () => {
  it('shows the first action as a button named for its row and keeps the rest in a closed menu', () => {
    render(
      <RowActions actions={actionsOf(() => {})} menuLabel="More actions for Ada Lovelace on 2 Mar 14:30" />,
    );
    expect(screen.getByRole('button', { name: 'Check in: Ada Lovelace, 2 Mar 14:30' })).toHaveTextContent(
      'Check in',
    );
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menuitem')).toBeNull();
  });

  it('opens from the keyboard on its first item, moves with the arrows and runs the item chosen', async () => {
    const chosen = vi.fn();
    render(
      <RowActions actions={actionsOf(chosen)} menuLabel="More actions for Ada Lovelace on 2 Mar 14:30" />,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(menuButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Complete: Ada Lovelace, 2 Mar 14:30',
      'Cancel: Ada Lovelace, 2 Mar 14:30',
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosen).toHaveBeenCalledWith('Cancel');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(menuButton()).toHaveFocus();
  });

  it('closes with Escape and gives focus back to its button without running anything', async () => {
    const chosen = vi.fn();
    render(
      <RowActions actions={actionsOf(chosen)} menuLabel="More actions for Ada Lovelace on 2 Mar 14:30" />,
    );
    await userEvent.click(menuButton());
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(menuButton()).toHaveFocus();
    expect(chosen).not.toHaveBeenCalled();
  });

  it('has no menu when there is one action, and nothing at all when there is none', () => {
    const { container, rerender } = render(
      <RowActions actions={actionsOf(() => {}).slice(0, 1)} menuLabel="More actions for Ada Lovelace" />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    rerender(<RowActions actions={[]} menuLabel="More actions for Ada Lovelace" />);
    expect(container).toBeEmptyDOMElement();
  });
});
