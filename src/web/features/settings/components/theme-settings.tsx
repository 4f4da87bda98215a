import { useState } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { SessionUser } from '@contracts/auth';
import type { ThemePreference } from '@web/lib/theme';
import { cn } from '@web/lib/utils';
import { useSetTheme } from '../hooks/use-theme-sync';
import { SettingsSection } from './settings-section';

const OPTIONS = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
] as const satisfies ReadonlyArray<{ value: ThemePreference; label: string; Icon: unknown }>;

/** Light, dark or the system's: applied at once, saved to the account for every device. */
export function ThemeSettings({ user }: { user: SessionUser }) {
  const setTheme = useSetTheme();
  // The choice shows at once; the session catches up when the server answers.
  const [choice, setChoice] = useState<ThemePreference>(user.theme);
  const [saving, setSaving] = useState(false);

  async function choose(theme: ThemePreference) {
    setChoice(theme);
    setSaving(true);
    try {
      await setTheme(theme);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to save your settings');
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection
      id="theme"
      title="Theme"
      description="Saved to your account, so it follows you."
    >
      <fieldset aria-busy={saving}>
        <legend className="sr-only">Theme</legend>
        <div className="grid max-w-md grid-cols-3 gap-2">
          {OPTIONS.map(({ value, label, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1.5 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                choice === value && 'border-primary bg-accent',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => void choose(value)}
                className="sr-only"
              />
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
