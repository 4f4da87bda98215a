// The availability module's public entry: its routes, and the slot engine that booking and the
// clinics' slot lists use, with the shape of the schedules it reads.
export { availabilityRoutes } from './availability.routes';
export {
  availableSlots,
  bookingsWindow,
  checkBookable,
  loadSlotAgents,
  loadSlotQuery,
  slotSettings,
} from './availability.service';
export { agentForAdmin } from './agent-schedule.service';
export { outsideCalendarBlocks, outsideDropCutoffs } from './outside-busy.repository';
export type { AgentScheduleData } from './availability.repository';
export type { SlotSettings } from './availability.service';
