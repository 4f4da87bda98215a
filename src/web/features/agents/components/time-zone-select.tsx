import { TimeZonePicker, type TimeZonePickerProps } from '@web/components/time-zone-picker';

/**
 * The staff member's zone. Unlike a schedule's, it may be left unset: they then see times in
 * their browser's zone (an empty value, which the form sends as null).
 */
export function TimeZoneSelect(props: Omit<TimeZonePickerProps, 'unsetLabel'>) {
  return <TimeZonePicker {...props} unsetLabel="Not set (use the browser's time zone)" />;
}
