// The admin's schedule page is the availability feature's editor; it lives there (ADR 002: a page
// that needs another feature's components belongs in that feature). This re-export keeps the
// router's current import working until the route points at the availability feature directly.
// eslint-disable-next-line import-x/no-restricted-paths -- temporary, see above
export { AgentAvailabilityPage } from '@web/features/availability/components/agent-availability-page';
