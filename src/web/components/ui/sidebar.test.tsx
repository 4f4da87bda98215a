// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from './sidebar';
import { TooltipProvider } from './tooltip';

function State() {
  const { state } = useSidebar();
  return <output aria-label="sidebar state">{state}</output>;
}

function renderSidebar() {
  return render(
    <TooltipProvider>
      <SidebarProvider>
        <Sidebar label="Test navigation">
          <a href="/dashboard">Dashboard</a>
        </Sidebar>
        <SidebarTrigger />
        <State />
      </SidebarProvider>
    </TooltipProvider>,
  );
}

function setCookie(value: string) {
  document.cookie = `sidebar_state=${value}; path=/`;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

describe('Sidebar on a desktop', () => {
  it('starts expanded when no choice was saved', () => {
    stubViewportWidth(1280);
    renderSidebar();
    expect(screen.getByLabelText('sidebar state').textContent).toBe('expanded');
  });

  it('starts from the saved cookie', () => {
    stubViewportWidth(1280);
    setCookie('false');
    renderSidebar();
    expect(screen.getByLabelText('sidebar state').textContent).toBe('collapsed');
  });

  it('toggles with Ctrl+B and Cmd+B and saves the choice in the cookie', async () => {
    stubViewportWidth(1280);
    const user = userEvent.setup();
    renderSidebar();
    const state = screen.getByLabelText('sidebar state');

    await user.keyboard('{Control>}b{/Control}');
    expect(state.textContent).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(state.textContent).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores B without a modifier, so typing is never hijacked', async () => {
    stubViewportWidth(1280);
    const user = userEvent.setup();
    renderSidebar();
    await user.keyboard('b');
    expect(screen.getByLabelText('sidebar state').textContent).toBe('expanded');
  });

  it('toggles from the trigger button, which reports whether it is expanded', async () => {
    stubViewportWidth(1280);
    const user = userEvent.setup();
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByLabelText('sidebar state').textContent).toBe('collapsed');
  });
});

describe('Sidebar under 768px', () => {
  it('opens as a sheet with Ctrl+B without touching the saved desktop choice', async () => {
    stubViewportWidth(375);
    setCookie('false');
    const user = userEvent.setup();
    renderSidebar();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog', { name: 'Test navigation' });
    expect(sheet.textContent).toContain('Dashboard');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
