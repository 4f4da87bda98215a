// The notifications module's public entry: the outbox's routes and worker, and how another
// module queues the notifications of its change.
export { outboxRoutes } from './outbox.routes';
export { createOutboxWorker } from './outbox-worker';
export { queueNotifications } from './outbox.service';
export { sessionLink } from './messages';
export { staffAppointmentLink, staffVisitLink, visitCalendar } from './visit-calendar';
export { patientMailWords } from './mail-words';
export {
  adminNoticeRow,
  outboxRow,
  type NotificationParty,
  type NotificationSnapshot,
  type OutboxInsert,
  type SeriesVisit,
} from './outbox-row';
export { remindersForNewAppointment, replanClinicReminders, syncReminders } from './reminders';
export { OFFER_KIND, offerLink, renderOffer, type OfferSnapshot } from './kept-time-messages';
export { HOLD_KIND, type HoldSnapshot } from './kept-time-messages';
export {
  FACTOR_CHANGED_KIND,
  factorChangedRow,
  type FactorChange,
  INVITATION_KIND,
  invitationRow,
  PASSWORD_RESET_KIND,
  passwordResetRow,
  type InvitationSnapshot,
  type PasswordResetSnapshot,
} from './account-messages';
export { planTextTwins, stoppedNumbers, textKindOf, TEXT_TWIN_KINDS } from './text-twins';
export { REMINDER_KIND } from './reminders.repository';
export { retryDelayMs } from './outbox-worker';
export { claimDue } from './outbox.repository';
export { previewsOfClinic } from './mail-previews';
