// The whole data model (docs/architecture.md, "Data model"). The no-overlap EXCLUDE constraint and the extensions
// cannot be expressed in Drizzle; they live in custom SQL migrations beside the generated ones.
import { sql, type SQL } from 'drizzle-orm';
import {
  foreignKey,
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes (drizzle has no bytea of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const clinics = pgTable(
  'clinics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    /** Minutes before the start each reminder goes out: zero to three, 15 minutes to 7 days. */
    reminderOffsetsMinutes: integer('reminder_offsets_minutes')
      .array()
      .notNull()
      .default(sql`'{1440,120}'::integer[]`),
    /** Whether patients may move their appointment from their visit link (ADR 016). */
    patientCanReschedule: boolean('patient_can_reschedule').notNull().default(true),
    /** Whether patients may cancel their appointment from their visit link. */
    patientCanCancel: boolean('patient_can_cancel').notNull().default(true),
    /** Online changes close this many hours before the start. */
    patientChangeCutoffHours: integer('patient_change_cutoff_hours').notNull().default(24),
    /** How many times one appointment may be moved online. */
    patientMaxReschedules: integer('patient_max_reschedules').notNull().default(2),
    /** Shown to patients when online changes are closed, and on a cancelled visit's page. */
    phone: text('phone'),
    /** Where the clinic is, as patients should read it (several lines allowed). */
    address: text('address'),
    /** What staff calendar feeds call an appointment: 'initial' ("Appointment — Jane D.") or 'none'. */
    feedSummary: text('feed_summary').notNull().default('initial'),
    /** How many waiting patients are offered one freed time at once (ADR 019). */
    waitlistOffersAtOnce: integer('waitlist_offers_at_once').notNull().default(1),
    /** How long an offer holds before it passes on, in minutes; never past the slot's start. */
    waitlistOfferHoldMinutes: integer('waitlist_offer_hold_minutes').notNull().default(120),
    /** Whether the public booking page and API answer at all (ADR 022); off until an admin says. */
    onlineBookingEnabled: boolean('online_booking_enabled').notNull().default(false),
    /** The providers patients may book online; none until an admin chooses. */
    onlineBookingAgentIds: uuid('online_booking_agent_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The visit lengths offered online, in minutes. */
    onlineBookingDurations: integer('online_booking_durations')
      .array()
      .notNull()
      .default(sql`'{30}'::integer[]`),
    /** No online booking starts sooner than this many hours from now. */
    onlineBookingNoticeHours: integer('online_booking_notice_hours').notNull().default(12),
    /** Nor later than this many days from now. */
    onlineBookingHorizonDays: integer('online_booking_horizon_days').notNull().default(60),
    /** Shown at the top of the public page; null when the clinic gives none. */
    onlineBookingIntro: text('online_booking_intro'),
    /** Whether someone the clinic does not know yet may book online (else known patients only). */
    onlineBookingNewPatients: boolean('online_booking_new_patients').notNull().default(true),
    /** Besides admins, the roles that may change, merge and import patient records (issue 41). */
    patientEditorRoles: text('patient_editor_roles')
      .array()
      .notNull()
      .default(sql`'{staff}'::text[]`),
    /** Besides admins, the roles that may read the clinic's reports (issue 45); none by default. */
    reportViewerRoles: text('report_viewer_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Who must sign in with a second factor (issue 43, ADR 046): 'off', 'admins' (the clinic's
     * admins), or 'everyone' at the clinic. A user must when any of their clinics says so.
     */
    secondFactorPolicy: text('second_factor_policy').notNull().default('off'),
    /** Whether the clinic's staff may sign in with a passkey alone, without their password. */
    passkeySignIn: boolean('passkey_sign_in').notNull().default(false),
    /** The country a patient's phone number is read in when it has no +country code (ADR 050). */
    textCountry: text('text_country').notNull().default('US'),
    /** No text leaves from this wall-clock time (clinic zone) until quiet_hours_end (ADR 050). */
    quietHoursStart: time('quiet_hours_start').notNull().default('21:00'),
    quietHoursEnd: time('quiet_hours_end').notNull().default('08:00'),
    /**
     * The clinic's own sending number, in E.164; null: the gateway's (TEXT_FROM). A reply to this
     * number is the clinic's; to the shared one, it belongs to the clinic that last texted them.
     */
    textNumber: text('text_number'),
    /**
     * What patients read in when neither their record nor their browser says (issue 44, ADR 051):
     * pages, e-mails and calendar files.
     */
    defaultLanguage: text('default_language').notNull().default('en'),
    /**
     * Whether a staff member's outside calendar that has failed to sync for a day stops blocking
     * this clinic's slots (issue 46, ADR 053); off: its last known busy times keep blocking.
     */
    outsideCalendarDropFailing: boolean('outside_calendar_drop_failing').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('clinics_text_country_check', sql`${t.textCountry} ~ '^[A-Z]{2}$'`),
    check('clinics_text_number_check', sql`${t.textNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    // One clinic's replies come to one number (migration 0048).
    uniqueIndex('clinics_text_number_key').on(t.textNumber),
    check(
      'clinics_reminder_offsets_check',
      sql`cardinality(${t.reminderOffsetsMinutes}) <= 3 and 15 <= all(${t.reminderOffsetsMinutes}) and 10080 >= all(${t.reminderOffsetsMinutes})`,
    ),
    check(
      'clinics_patient_change_cutoff_check',
      sql`${t.patientChangeCutoffHours} between 0 and 720`,
    ),
    check(
      'clinics_patient_max_reschedules_check',
      sql`${t.patientMaxReschedules} between 0 and 20`,
    ),
    check(
      'clinics_report_viewer_roles_check',
      sql`${t.reportViewerRoles} <@ '{staff,provider,nurse}'::text[]`,
    ),
    check('clinics_feed_summary_check', sql`${t.feedSummary} in ('initial', 'none')`),
    check('clinics_default_language_check', sql`${t.defaultLanguage} in ('en', 'es', 'fr')`),
    check(
      'clinics_second_factor_policy_check',
      sql`${t.secondFactorPolicy} in ('off', 'admins', 'everyone')`,
    ),
    check(
      'clinics_patient_editor_roles_check',
      sql`${t.patientEditorRoles} <@ '{staff,provider,nurse}'::text[]`,
    ),
    check(
      'clinics_waitlist_policy_check',
      sql`${t.waitlistOffersAtOnce} between 1 and 10 and ${t.waitlistOfferHoldMinutes} between 5 and 10080`,
    ),
    check(
      'clinics_online_booking_policy_check',
      sql`${t.onlineBookingNoticeHours} between 0 and 720 and ${t.onlineBookingHorizonDays} between 1 and 365
        and cardinality(${t.onlineBookingDurations}) between 1 and 6
        and 5 <= all(${t.onlineBookingDurations}) and 480 >= all(${t.onlineBookingDurations})
        and cardinality(${t.onlineBookingAgentIds}) <= 100
        and char_length(coalesce(${t.onlineBookingIntro}, '')) <= 2000`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    timezone: text('timezone'),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    theme: text('theme').notNull().default('system'),
    notificationPrefs: jsonb('notification_prefs').notNull().default({}),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are compared case-insensitively everywhere; the index makes that unique too.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'provider', 'nurse', 'staff')`),
    check('users_theme_check', sql`${t.theme} in ('light', 'dark', 'system')`),
  ],
);

export const clinicMembers = pgTable(
  'clinic_members',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clinicId] }),
    index('clinic_members_clinic_idx').on(t.clinicId),
  ],
);

/** Weekly wall-clock segments in the agent's own time zone: [{weekday, start, end}]. */
export const schedules = pgTable('schedules', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull().default('UTC'),
  weekly: jsonb('weekly').notNull().default([]),
  updatedAt: updatedAt(),
});

export const scheduleOverrides = pgTable(
  'schedule_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    segments: jsonb('segments').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per kind and date: a date can be both 'off' (weekly hours dropped) and 'hours'
    // (these hours instead); several 'hours' segments on a date share one row.
    uniqueIndex('schedule_overrides_agent_date_kind_key').on(t.agentId, t.date, t.kind),
    check('schedule_overrides_kind_check', sql`${t.kind} in ('off', 'hours')`),
  ],
);

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    dob: date('dob', { mode: 'string' }),
    phone: text('phone'),
    /** The phone's digits alone, so "555 0100" finds "(555) 010-0100" (issue 41's search). */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      (): SQL => sql`regexp_replace(coalesce(${patients.phone}, ''), '[^0-9]', '', 'g')`,
    ),
    source: text('source'),
    preferredName: text('preferred_name'),
    /** FHIR's AdministrativeGender code. */
    gender: text('gender'),
    addressLine: text('address_line'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** The clinic's own number for the patient (a chart or medical record number). */
    recordNumber: text('record_number'),
    preferredLanguage: text('preferred_language'),
    contactChannel: text('contact_channel').notNull().default('email'),
    /** The patient asked not to be reminded; confirmations and changes still reach them. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /**
     * The patient's consent to texts (ADR 050): when it was given, how ('verbal', 'written',
     * 'online', 'text') and the staff member who recorded it. Texts go only with contact_channel
     * 'sms' and a consent; withdrawing it clears all three.
     */
    textConsentAt: timestamp('text_consent_at', { withTimezone: true }),
    textConsentMethod: text('text_consent_method'),
    textConsentBy: uuid('text_consent_by'),
    /** Which messages go by text when the patient chose texts: 'reminder', 'change'. */
    textKinds: text('text_kinds')
      .array()
      .notNull()
      .default(sql`'{reminder,change}'::text[]`),
    /** Hidden from search; their visits and history stay. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Their personal data was erased at their request; the row stays for the visits' sake. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Merged into this record (issue 41): FHIR answers with a `replaced-by` link to it. */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => patients.id),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** Raised by every edit: an edit names the version it read, so none is lost to another. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Lower-cased, accent-stripped "first preferred last email", written by the application so
    // search is case- and accent-insensitive without the non-immutable unaccent() in an index.
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('patients_clinic_email_key').on(t.clinicId, sql`lower(${t.email})`),
    uniqueIndex('patients_clinic_record_number_key')
      .on(t.clinicId, sql`lower(${t.recordNumber}) text_pattern_ops`)
      .where(sql`${t.recordNumber} is not null`),
    index('patients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('patients_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('patients_phone_digits_trgm_idx').using('gin', t.phoneDigits.op('gin_trgm_ops')),
    index('patients_clinic_dob_idx').on(t.clinicId, t.dob),
    index('patients_name_order_idx').on(t.lastName, t.firstName, t.id),
    check('patients_gender_check', sql`${t.gender} in ('male', 'female', 'other', 'unknown')`),
    check('patients_contact_channel_check', sql`${t.contactChannel} in ('email', 'sms', 'phone')`),
    check(
      'patients_text_consent_check',
      sql`(${t.textConsentAt} is null) = (${t.textConsentMethod} is null)
        and ${t.textConsentMethod} in ('verbal', 'written', 'online', 'text')`,
    ),
    check('patients_text_kinds_check', sql`${t.textKinds} <@ '{reminder,change}'::text[]`),
    check(
      'patients_merged_check',
      sql`(${t.mergedIntoId} is null) = (${t.mergedAt} is null) and ${t.mergedIntoId} <> ${t.id}`,
    ),
    index('patients_merged_into_idx')
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} is not null`),
  ],
);

/** Two records staff said are different people, so they are no longer shown as likely duplicates. */
export const patientDuplicateDismissals = pgTable(
  'patient_duplicate_dismissals',
  {
    /** The pair in uuid order, so one pair is one row whichever way it was dismissed. */
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    otherPatientId: uuid('other_patient_id')
      .notNull()
      .references(() => patients.id),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.otherPatientId] }),
    check('patient_duplicate_dismissals_order_check', sql`${t.patientId} < ${t.otherPatientId}`),
  ],
);

/**
 * One CSV file brought in (issue 41): kept from upload through its dry run to its application,
 * with the column mapping used (the next import of the clinic starts from it) and its progress.
 */
export const patientImports = pgTable(
  'patient_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Hex SHA-256 of the bytes uploaded. */
    fileSha256: text('file_sha256').notNull(),
    /** The file as uploaded, until the import is applied or abandoned. */
    file: bytea('file'),
    /** The file's column for each patient field. */
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    /** uploaded → checked (dry run done) → applying → applied, or failed. */
    status: text('status').notNull().default('uploaded'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Rows by outcome: new, updated, unchanged, duplicate, invalid. */
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
    /** Raised while an application runs; an import whose beat stopped may be applied again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('patient_imports_clinic_idx').on(t.clinicId, t.createdAt),
    check(
      'patient_imports_status_check',
      sql`${t.status} in ('uploaded', 'checked', 'applying', 'applied', 'failed')`,
    ),
  ],
);

/** Each row of an import's dry run or application: what it would do or did, and why. */
export const patientImportRows = pgTable(
  'patient_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => patientImports.id, { onDelete: 'cascade' }),
    /** The row's line in the file, counting the header as 1. */
    rowNumber: integer('row_number').notNull(),
    /** new, updated, unchanged, duplicate or invalid. */
    outcome: text('outcome').notNull(),
    /** A sentence for staff: which field is wrong, or which record it matched. */
    reason: text('reason'),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('patient_import_rows_outcome_idx').on(t.importId, t.outcome, t.rowNumber),
    check(
      'patient_import_rows_outcome_check',
      sql`${t.outcome} in ('new', 'updated', 'unchanged', 'duplicate', 'invalid')`,
    ),
  ],
);

/** A staff member's note on a patient's record, signed with its author and time. */
export const patientNotes = pgTable(
  'patient_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it: a note outlives its author's account. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('patient_notes_patient_idx').on(t.patientId, t.createdAt)],
);

/**
 * Each word of a patient's search text, kept by a trigger on patients. A search for the start of
 * a word (the usual case: a name or email as it is typed) reads one short range of the second
 * index and ranks from it alone, names included, without visiting patients' rows.
 */
export const patientSearchWords = pgTable(
  'patient_search_words',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    clinicId: uuid('clinic_id').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.word] }),
    index('patient_search_words_prefix_idx').on(
      t.clinicId,
      t.word.op('text_pattern_ops'),
      t.lastName,
      t.firstName,
      t.patientId,
    ),
  ],
);

/**
 * A run of visits booked together (ADR 017): the RFC 5545 rule, and the start and zone whose
 * wall-clock time each occurrence keeps. Each occurrence is an ordinary appointment pointing here.
 */
/**
 * What a clinic books (issue 42, ADR 044): a name, the lengths it may take, the buffers kept free
 * before and after it, how it happens (in person, video, phone), and who offers it. Every clinic
 * has exactly one default service, what a booking without a service is (migration 0037). An
 * archived service keeps its appointments and history but is no longer offered.
 */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    /** The lengths it may be booked for, in minutes; the first is the one offered first. */
    durations: integer('durations').array().notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** in_person | video | phone */
    kind: text('kind').notNull().default('video'),
    /** For a visit in person, where: the clinic's address, unless this says otherwise. */
    location: text('location'),
    /** `#rrggbb`: the calendar's colour for its appointments. */
    colour: text('colour').notNull().default('#2563eb'),
    /** Offered by every provider and nurse of the clinic, or only by those in service_agents. */
    offeredByAll: boolean('offered_by_all').notNull().default(true),
    /** Whether the public booking page offers it. */
    bookableOnline: boolean('bookable_online').notNull().default(false),
    /** all | new | existing: which patients may book it online. */
    patientsAllowed: text('patients_allowed').notNull().default('all'),
    /** Shown to the patient in the confirmation, reminders and their visit page. */
    instructions: text('instructions'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * What it needs besides its provider (ADR 045): any resource of this category, or this one
     * resource, or (both null) nothing.
     */
    resourceCategory: text('resource_category'),
    resourceId: uuid('resource_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_clinic_idx').on(t.clinicId),
    foreignKey({
      name: 'services_resource_fk',
      columns: [t.resourceId, t.clinicId],
      foreignColumns: [resources.id, resources.clinicId],
    }),
    check('services_resource_check', sql`${t.resourceCategory} is null or ${t.resourceId} is null`),
    uniqueIndex('services_default_key')
      .on(t.clinicId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('services_name_key')
      .on(t.clinicId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('services_kind_check', sql`${t.kind} in ('in_person', 'video', 'phone')`),
    check(
      'services_patients_allowed_check',
      sql`${t.patientsAllowed} in ('all', 'new', 'existing')`,
    ),
    check(
      'services_durations_check',
      sql`cardinality(${t.durations}) between 1 and 8 and 5 <= all(${t.durations}) and 480 >= all(${t.durations})`,
    ),
    check(
      'services_buffers_check',
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`,
    ),
    check('services_colour_check', sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
    check(
      'services_default_active_check',
      sql`not (${t.isDefault} and ${t.archivedAt} is not null)`,
    ),
  ],
);

/**
 * A room or a piece of equipment of a clinic that a service may need (ADR 045). Its `category`
 * is what a service asks for ("Treatment room": any of them); a service may also name one
 * resource. `weekly` are its own hours in the clinic's zone, [{weekday, start, end}] as an
 * agent's; null: none of its own, it is there whenever the clinic's staff work.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    /** room | equipment: a room is a FHIR Location, equipment a Device. */
    kind: text('kind').notNull().default('room'),
    /** What services ask for: "Treatment room", "Ultrasound". */
    category: text('category').notNull(),
    weekly: jsonb('weekly'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('resources_clinic_idx').on(t.clinicId),
    // What an appointment's or a service's composite key names: a resource of the same clinic.
    uniqueIndex('resources_id_clinic_key').on(t.id, t.clinicId),
    uniqueIndex('resources_name_key')
      .on(t.clinicId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('resources_kind_check', sql`${t.kind} in ('room', 'equipment')`),
    check(
      'resources_text_check',
      sql`length(btrim(${t.name})) between 1 and 120 and length(btrim(${t.category})) between 1 and 120`,
    ),
  ],
);

/** A resource out of use for a while: maintenance, a room closed for painting. */
export const resourceTimeOff = pgTable(
  'resource_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceId: uuid('resource_id').notNull(),
    /** The resource's clinic, so the clinic's data version moves with it (ADR 025). */
    clinicId: uuid('clinic_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'resource_time_off_resource_fk',
      columns: [t.resourceId, t.clinicId],
      foreignColumns: [resources.id, resources.clinicId],
    }).onDelete('cascade'),
    index('resource_time_off_resource_idx').on(t.resourceId, t.startAt),
    check('resource_time_off_range_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** Who offers a service that not everyone offers, with their own length where it differs. */
export const serviceAgents = pgTable(
  'service_agents',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    /** This agent's length for the service, in minutes; null: the service's own. */
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.agentId] }),
    index('service_agents_agent_idx').on(t.agentId),
    check(
      'service_agents_duration_check',
      sql`${t.durationMinutes} is null or ${t.durationMinutes} between 5 and 480`,
    ),
  ],
);

export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    rrule: text('rrule').notNull(),
    dtstart: timestamp('dtstart', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    duration: integer('duration').notNull(),
    serviceId: uuid('service_id').references(() => services.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_series_clinic_idx').on(t.clinicId)],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull().default(30),
    status: text('status').notNull().default('BOOKED'),
    token: text('token').notNull(),
    tokenRevokedAt: timestamp('token_revoked_at', { withTimezone: true }),
    notes: text('notes'),
    source: text('source').notNull().default('carebook'),
    type: text('type').notNull().default('custom'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The series this appointment is an occurrence of, and which occurrence of its rule. */
    seriesId: uuid('series_id').references(() => appointmentSeries.id),
    seriesIndex: integer('series_index'),
    /** What is booked; null: the clinic's default service (every row written before services). */
    serviceId: uuid('service_id').references(() => services.id),
    /**
     * The buffers this appointment keeps free around it, copied from its service when booked, so
     * that a service's later change never makes an existing booking break the exclusion
     * constraint, which compares the blocked ranges (start − before, end + after), ADR 044.
     */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /**
     * The room or equipment it uses, kept free for its blocked range by its own exclusion
     * constraint (migration 0039, ADR 045); of the appointment's clinic (composite key).
     */
    resourceId: uuid('resource_id'),
    /**
     * What the reports count a row by, stored when it happens so that a row's share of the
     * reports' roll-up is a function of the row alone (ADR 052): the way it was booked (set by
     * the write path), whether the patient had no appointment before it (set on insert), whether
     * its cancellation came inside the clinic's cut-off and whether the patient confirmed it
     * after a reminder had gone (set when the status changes), by triggers of migration 0042.
     */
    channel: text('channel').notNull().default('front_desk'),
    firstVisit: boolean('first_visit').notNull().default(false),
    lateCancel: boolean('late_cancel').notNull().default(false),
    confirmedAfterReminder: boolean('confirmed_after_reminder').notNull().default(false),
  },
  (t) => [
    uniqueIndex('appointments_token_key').on(t.token),
    check(
      'appointments_channel_check',
      sql`${t.channel} in ('front_desk', 'online', 'self_service', 'fhir')`,
    ),
    foreignKey({
      name: 'appointments_resource_fk',
      columns: [t.resourceId, t.clinicId],
      foreignColumns: [resources.id, resources.clinicId],
    }),
    index('appointments_resource_start_idx')
      .on(t.resourceId, t.startAt)
      .where(sql`${t.resourceId} is not null`),
    uniqueIndex('appointments_series_occurrence_key')
      .on(t.seriesId, t.seriesIndex)
      .where(sql`${t.seriesId} is not null`),
    check(
      'appointments_series_check',
      sql`(${t.seriesId} is null) = (${t.seriesIndex} is null) and (${t.seriesIndex} is null or ${t.seriesIndex} between 1 and 52)`,
    ),
    index('appointments_clinic_start_idx').on(t.clinicId, t.startAt),
    index('appointments_staff_start_idx').on(t.staffId, t.startAt),
    // A patient's visits in time order (the profile, the patients page's next visit): one range.
    index('appointments_patient_start_idx').on(t.patientId, t.startAt),
    index('appointments_status_start_idx').on(t.status, t.startAt),
    // Lists across several clinics (every admin) read in this order and stop after a page.
    // NULLS FIRST is what ORDER BY start_at DESC means; an index in another null order is not used.
    index('appointments_start_id_idx').on(t.startAt.desc().nullsFirst(), t.id),
    check(
      'appointments_status_check',
      sql`${t.status} in ('BOOKED', 'SCHEDULED', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW', 'DISQUALIFIED')`,
    ),
    check('appointments_duration_check', sql`${t.duration} > 0 and ${t.duration} <= 1440`),
    check('appointments_range_check', sql`${t.endAt} > ${t.startAt}`),
    check(
      'appointments_buffers_check',
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`,
    ),
    index('appointments_service_idx').on(t.serviceId),
  ],
);

/**
 * How many appointments each agent has per status in each UTC month, kept exact by triggers on
 * appointments (migration 0006). Counts read closed months from here and only the current month
 * from appointments, so their cost no longer grows with years of history.
 */
export const appointmentMonthCounts = pgTable(
  'appointment_month_counts',
  {
    clinicId: uuid('clinic_id').notNull(),
    month: timestamp('month', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.month, t.staffId, t.status] })],
);

/** The sums both report roll-ups keep (ADR 052): each its own columns, made anew per table. */
const reportSums = () => ({
  booked: integer('booked').notNull().default(0),
  attended: integer('attended').notNull().default(0),
  noShow: integer('no_show').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  lateCancelled: integer('late_cancelled').notNull().default(0),
  leadMinutes: bigint('lead_minutes', { mode: 'number' }).notNull().default(0),
  bookedMinutes: bigint('booked_minutes', { mode: 'number' }).notNull().default(0),
  newPatients: integer('new_patients').notNull().default(0),
  confirmedAfterReminder: integer('confirmed_after_reminder').notNull().default(0),
});

/**
 * The reports' roll-up (ADR 052): per clinic, clinic-local day of the start, agent, service (the
 * nil uuid for the clinic's default service of rows without one) and booking channel, what its
 * appointments add up to. Kept exact by triggers on appointments (migration 0042); weeks and
 * months in the clinic's zone are sums of its days.
 */
export const appointmentReportDays = pgTable(
  'appointment_report_days',
  {
    clinicId: uuid('clinic_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    staffId: uuid('staff_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    channel: text('channel').notNull(),
    ...reportSums(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.day, t.staffId, t.serviceId, t.channel] })],
);

/**
 * The same sums by the clinic's week (from Sunday) and month, kept by the same triggers as the
 * days (migration 0053, ADR 052): whole weeks and months of a report are read here.
 */
export const appointmentReportPeriods = pgTable(
  'appointment_report_periods',
  {
    clinicId: uuid('clinic_id').notNull(),
    granularity: text('granularity').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    staffId: uuid('staff_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    channel: text('channel').notNull(),
    ...reportSums(),
  },
  (t) => [
    primaryKey({
      columns: [t.clinicId, t.granularity, t.start, t.staffId, t.serviceId, t.channel],
    }),
    check(
      'appointment_report_periods_granularity_check',
      sql`${t.granularity} in ('week', 'month')`,
    ),
  ],
);

/**
 * A number that grows with every change to a clinic's appointments (trigger, migration 0008).
 * Counts computed for a clinic stay valid while its number stays the same, on every instance.
 */
export const clinicDataVersions = pgTable('clinic_data_versions', {
  clinicId: uuid('clinic_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Who holds each of a video visit's two places (the patient's and the staff member's), whichever
 * app instance their socket landed on. The primary key is what keeps a room at two people: two
 * instances admitting at once cannot both insert. `seenAt` moves with the socket's heartbeat, so
 * a place left behind by a crashed instance frees itself.
 */
export const visitParticipants = pgTable(
  'visit_participants',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    connectionId: uuid('connection_id').notNull(),
    /** The browser tab, so its own reconnection takes its place back instead of being refused. */
    clientId: text('client_id').notNull(),
    userId: uuid('user_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.seat] }),
    check('visit_participants_seat_check', sql`${t.seat} in ('patient', 'staff')`),
  ],
);

/** Status history: append-only, one row per action, written in the action's transaction. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    byUserId: uuid('by_user_id').references(() => users.id),
    byName: text('by_name'),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.at)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    /**
     * The clinic the message is about, whose admins see it (ADR 036). Null only for a notice to
     * admins that concerns no single clinic, and for rows older than migration 0030 whose clinic
     * could not be found again; those are shown to their recipients alone.
     */
    clinicId: uuid('clinic_id').references(() => clinics.id),
    recipients: jsonb('recipients').notNull().default([]),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A reminder's planned time (its appointment's start minus offset_minutes). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    offsetMinutes: integer('offset_minutes'),
    /**
     * 'email', or 'sms' for a text message (ADR 050). A text made from an e-mail row (its twin:
     * a reminder or a booking message to a patient who chose texts) names it in source_outbox_id,
     * unique, so that however many workers plan it, the patient gets one text.
     */
    channel: text('channel').notNull().default('email'),
    sourceOutboxId: bigint('source_outbox_id', { mode: 'number' }).references(
      (): AnyPgColumn => outbox.id,
      { onDelete: 'cascade' },
    ),
    /** A text's patient, its number in E.164 and its words as sent. */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    toNumber: text('to_number'),
    body: text('body'),
    /** The gateway that took the text ('kannel', 'twilio') and its id for it. */
    gateway: text('gateway'),
    gatewayId: text('gateway_id'),
    /** What the gateway's reports say: queued (not yet taken), sent, delivered, failed. */
    deliveryStatus: text('delivery_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check(
      'outbox_text_check',
      sql`(${t.channel} = 'sms') = (${t.toNumber} is not null and ${t.deliveryStatus} is not null)
        and ${t.deliveryStatus} in ('queued', 'sent', 'delivered', 'failed')`,
    ),
    uniqueIndex('outbox_text_source_idx')
      .on(t.sourceOutboxId)
      .where(sql`${t.sourceOutboxId} is not null`),
    uniqueIndex('outbox_text_gateway_idx')
      .on(t.gateway, t.gatewayId)
      .where(sql`${t.gatewayId} is not null`),
    // The texts worker's claim, and the last text to a number (whose clinic a reply is for).
    index('outbox_text_due_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.channel} = 'sms'`),
    index('outbox_text_number_idx')
      .on(t.toNumber, t.id)
      .where(sql`${t.channel} = 'sms'`),
    index('outbox_patient_idx')
      .on(t.patientId, t.id)
      .where(sql`${t.patientId} is not null`),
    check(
      'outbox_status_check',
      sql`${t.status} in ('pending', 'sent', 'failed', 'withdrawn', 'dropped')`,
    ),
    check(
      'outbox_reminder_check',
      sql`(${t.kind} = 'appointment.reminder') = (${t.dueAt} is not null and ${t.offsetMinutes} is not null)`,
    ),
    // One waiting reminder per offset and appointment, whatever plans it twice at once.
    uniqueIndex('outbox_pending_reminder_idx')
      .on(t.appointmentId, t.offsetMinutes)
      .where(sql`${t.kind} = 'appointment.reminder' and ${t.status} = 'pending'`),
    // What the policy change and the moves look up: an appointment's reminders.
    index('outbox_appointment_idx').on(t.appointmentId),
    // The admins' list: a clinic's messages, newest first (read backwards), and the notices of none.
    index('outbox_clinic_idx').on(t.clinicId, t.id),
  ],
);

/**
 * Who read or changed which patient or appointment, when and from where. Append-only.
 * A change, or a read of one record, is a row with entity_id and patient_id. A read of several
 * (a list, a search, the dashboard) is one row with entity_ids and patient_ids, paired by
 * position (ADR 007): a row per record shown cost a list more than its page. The browser shows
 * such a row as one entry per record.
 * No id has a foreign key (user_id since migration 0010): the log must outlive what it names, the
 * user id comes from the signed-in session, and the key's check locked the reader's user row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    patientId: uuid('patient_id'),
    entityIds: uuid('entity_ids').array(),
    patientIds: uuid('patient_ids').array(),
    ip: text('ip'),
    details: jsonb('details'),
    /** A read's row written from an instance's spool after a failover (ADR 063); else null. */
    spoolKey: text('spool_key'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    uniqueIndex('audit_log_spool_key_idx')
      .on(t.spoolKey)
      .where(sql`${t.spoolKey} is not null`),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_patient_at_idx').on(t.patientId, t.at),
    index('audit_log_patient_ids_idx').using('gin', t.patientIds),
    check(
      'audit_log_ids_paired',
      sql`coalesce(cardinality(${t.entityIds}), -1) = coalesce(cardinality(${t.patientIds}), -1)`,
    ),
  ],
);

/** Server-side auth sessions; the cookie carries a random id whose SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * 'full' may use the app; 'second_factor' has given its password and must give a second
     * factor; 'enrol' must set one up first (ADR 046). Only the second-factor routes answer the
     * two pending stages, and they end after a few minutes.
     */
    stage: text('stage').notNull().default('full'),
    /** How the session began: 'password', 'passkey' (passwordless) or 'sso'. */
    method: text('method').notNull().default('password'),
    /** When a second factor was last given in this session: a step-up is fresh for a while. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** Who ended it when not its user: an admin ending a colleague's sessions (issue 43). */
    revokedBy: uuid('revoked_by'),
    /** An SSO session's identity provider and what its sign-out needs (the ID token's sid). */
    identityProviderId: uuid('identity_provider_id').references(() => identityProviders.id, {
      onDelete: 'set null',
    }),
    idpSessionId: text('idp_session_id'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_stage_check', sql`${t.stage} in ('full', 'second_factor', 'enrol')`),
    check('sessions_method_check', sql`${t.method} in ('password', 'passkey', 'sso')`),
  ],
);

/**
 * A user's authenticator app (RFC 6238, ADR 046). Unconfirmed until the user gives a first code;
 * only a confirmed one is a second factor. `last_used_step` is the 30-second step of the last code
 * accepted: a code of that step or an earlier one is a replay and is refused.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared key, base32, or sealed with ACCOUNT_SECRETS_KEY when that is set. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use codes for when the phone is lost; only their hashes are kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** A user's passkeys (WebAuthn credentials), several each, named by the user. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_key').on(t.credentialId),
    index('user_passkeys_user_idx').on(t.userId),
    check('user_passkeys_name_check', sql`length(btrim(${t.name})) between 1 and 80`),
  ],
);

/**
 * A WebAuthn challenge waiting for its answer, kept in the database so that any instance can
 * check it: for registering a passkey, for a second factor, or for a passwordless sign-in (no
 * user yet). Used once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session (its hash) that asked, where there is one. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    check(
      'webauthn_challenges_purpose_check',
      sql`${t.purpose} in ('register', 'second_factor', 'sign_in')`,
    ),
  ],
);

/**
 * "Remember this browser" for 30 days: the cookie holds a random token, the database its
 * SHA-256, so a remembered browser can be forgotten (revoked) from the sessions page.
 */
export const rememberedBrowsers = pgTable(
  'remembered_browsers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remembered_browsers_token_key').on(t.tokenHash),
    index('remembered_browsers_user_idx').on(t.userId),
  ],
);

/** A password reset link (30 minutes, used once); only the SHA-256 of its token is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * An admin's invitation to a new staff member: the account is made when they accept, with a
 * password they choose. Only the SHA-256 of the link's token is kept. One open invitation per
 * address.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The account made on acceptance. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    uniqueIndex('invitations_open_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('invitations_role_check', sql`${t.role} in ('admin', 'provider', 'nurse', 'staff')`),
  ],
);

/** The clinics an invitation makes its staff member a member of. */
export const invitationClinics = pgTable(
  'invitation_clinics',
  {
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.invitationId, t.clinicId] })],
);

/**
 * An OpenID Provider staff may sign in through (issue 43): set up by an admin for the clinics it
 * serves (an admin manages it only when a member of all of them). `group_mappings` maps the
 * provider's groups to a role and clinics: [{group, role, clinicIds}]. `sso_only` turns passwords
 * off for the users linked to it.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed with ACCOUNT_SECRETS_KEY when that is set. */
    clientSecret: text('client_secret').notNull(),
    clinicIds: uuid('clinic_ids').array().notNull(),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    groupMappings: jsonb('group_mappings').notNull().default([]),
    /** Whether a verified e-mail with no account yet may have one made at its first sign-in. */
    createUsers: boolean('create_users').notNull().default(false),
    /** Whether an existing account with the same verified e-mail may be linked at sign-in. */
    linkByEmail: boolean('link_by_email').notNull().default(false),
    ssoOnly: boolean('sso_only').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('identity_providers_clinics_check', sql`cardinality(${t.clinicIds}) > 0`),
    check('identity_providers_name_check', sql`length(btrim(${t.name})) between 1 and 120`),
  ],
);

/** Which account an identity provider's subject is. */
/**
 * The jti of each back-channel logout token accepted from a provider (ADR 048), kept until such a
 * token would be refused for its age anyway: the same token again is a replay and is refused.
 */
export const ssoLogoutTokens = pgTable(
  'sso_logout_tokens',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.jti], name: 'sso_logout_tokens_pkey' }),
    index('sso_logout_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.subject] }),
    uniqueIndex('user_identities_provider_user_key').on(t.providerId, t.userId),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in sent to an identity provider and not back yet: its state (by SHA-256), nonce and PKCE
 * verifier, bound to the browser that started it (the SHA-256 of a cookie). Used once, for ten
 * minutes.
 */
export const oidcSignIns = pgTable('oidc_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => identityProviders.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  browserHash: text('browser_hash').notNull(),
  returnTo: text('return_to'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Replayed answers for POST retries carrying the same Idempotency-Key (core/idempotency.ts). A key
 * is unique per owner, `kind:id` (`user:<staff id>`), so callers that are not staff users can
 * have keys of their own.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);

/** Failed sign-ins, counted per account and per address to slow down guessing on every instance. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    /** The address as the request came from it, kept as it was. */
    ip: text('ip').notNull(),
    /**
     * The address every sign-in count goes by (ADR 010): `clientAddressKey(ip)`, an IPv6 address
     * by its /64, as the places an account signed in from are known.
     */
    clientKey: text('client_key').notNull(),
    /** The account the email named when it failed; null for an email that matches no account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('login_failures_email_at_idx').on(t.email, t.at),
    index('login_failures_client_key_at_idx').on(t.clientKey, t.at),
  ],
);

/**
 * Where an account has signed in successfully (ADR 010): its addresses (IPv6 by /64) and the
 * browsers that hold its device cookie (only the cookie's SHA-256 is kept). Past the account's
 * failure cap, only these may still try a password without waiting.
 */
export const signInSources = pgTable(
  'sign_in_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['address', 'device'] }).notNull(),
    value: text('value').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.value] })],
);

/**
 * Request counters of the rate limits (ADR 032), shared by every instance: one row per limit and
 * client, counting the requests of the window that ends at `resets_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    clientKey: text('client_key').notNull(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.clientKey] }),
    index('rate_limit_counters_resets_at_idx').on(t.resetsAt),
  ],
);

/**
 * The tokens other systems call the FHIR API with (modules/integrations), each for some clinics
 * and read or read-write. The secret is shown once; like a session's, only its SHA-256 is kept.
 * A revoked token stays, so that the audit log, which names a token by its id, can still say which.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    clinicIds: uuid('clinic_ids').array().notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    /** May read the patient's visit link (its token moves and cancels the visit): ADR 030. */
    visitLinks: boolean('visit_links').notNull().default(false),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_key').on(t.secretHash),
    check('api_tokens_clinics_check', sql`cardinality(${t.clinicIds}) > 0`),
    check(
      'api_tokens_scopes_check',
      sql`${t.scopes} <@ array['read', 'write']::text[] and 'read' = any(${t.scopes})`,
    ),
  ],
);

/**
 * A system that connects with SMART Backend Services (ADR 059): it proves who it is with a JWT
 * signed by a key of its JWKS (given inline or at a URL), and is granted the SMART scopes and
 * clinics an admin registered.
 */
export const smartClients = pgTable(
  'smart_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    jwks: jsonb('jwks').$type<{ keys: Array<Record<string, unknown>> }>(),
    jwksUrl: text('jwks_url'),
    scopes: text('scopes').array().notNull(),
    clinicIds: uuid('clinic_ids').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [
    check('smart_clients_keys_check', sql`(${t.jwks} is null) <> (${t.jwksUrl} is null)`),
    check('smart_clients_clinics_check', sql`cardinality(${t.clinicIds}) > 0`),
    check('smart_clients_scopes_check', sql`cardinality(${t.scopes}) > 0`),
  ],
);

/** Each client assertion's jti, kept until the assertion expires: a second use is a replay. */
export const smartAssertionJtis = pgTable(
  'smart_assertion_jtis',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jti] }),
    index('smart_assertion_jtis_expires_idx').on(t.expiresAt),
  ],
);

/** The access tokens issued to SMART clients, by the SHA-256 of their secret; short-lived. */
export const smartAccessTokens = pgTable(
  'smart_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('smart_access_tokens_expires_idx').on(t.expiresAt)],
);

/** A FHIR Bulk Data $export (ADR 060): asked for by a SMART client, run by the export worker. */
export const bulkExports = pgTable(
  'bulk_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    /** The clinics it covers: the client's when asked, or the one Group's. */
    clinicIds: uuid('clinic_ids').array().notNull(),
    level: text('level').$type<'system' | 'group' | 'patient'>().notNull(),
    types: text('types').array().notNull(),
    since: timestamp('since', { withTimezone: true }),
    requestUrl: text('request_url').notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    progress: text('progress'),
    error: text('error'),
    transactionTime: timestamp('transaction_time', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_exports_status_idx').on(t.status, t.transactionTime),
    check('bulk_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('bulk_exports_level_check', sql`${t.level} in ('system', 'group', 'patient')`),
  ],
);

/** One NDJSON file of an export: up to a batch of resources of one type, in order. */
export const bulkExportFiles = pgTable(
  'bulk_export_files',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => bulkExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    count: integer('count').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);

/**
 * A staff member's private calendar feed (modules/feeds): one per member, found by the SHA-256
 * of its secret, like a session's. Rotating replaces the hash (the old URL is a 404 at once);
 * revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_hash_key').on(t.secretHash)],
);

/**
 * Where other systems want to hear of appointment changes (modules/webhooks). The signing secret
 * is kept as is: signing needs it, and admins may show it again to set up the receiver.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    clinicIds: uuid('clinic_ids').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    /** The first failure of the current run of failures; cleared by a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Its payloads carry the patient's visit token (which moves and cancels the visit): ADR 030. */
    visitLinks: boolean('visit_links').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('webhook_endpoints_clinics_check', sql`cardinality(${t.clinicIds}) > 0`),
    check('webhook_endpoints_events_check', sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * One event for one endpoint: written in the change's transaction (the outbox pattern), sent in
 * order per endpoint and appointment, retried with backoff, and kept as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /**
     * The clinic the event is about: an admin of some of an endpoint's clinics sees only their
     * deliveries (ADR 030). Null only for rows older than the column that named no clinic.
     */
    clinicId: uuid('clinic_id').references(() => clinics.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    responseStatus: integer('response_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_endpoint_clinic_idx').on(t.endpointId, t.clinicId, t.id),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.appointmentId, t.id),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'sent')`),
  ],
);

/**
 * Patients who want an earlier or any visit (ADR 019): with whom (a provider or anyone), how
 * long, between which dates and at which weekdays and times of day on the clinic's clock.
 * `waiting` entries are offered freed time; a booked one names its appointment.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    /** Null: any provider of the clinic. */
    agentId: uuid('provider_id').references(() => users.id),
    duration: integer('duration').notNull(),
    /** What the patient waits for; null: the clinic's default service. */
    serviceId: uuid('service_id').references(() => services.id),
    windowFrom: date('window_from').notNull(),
    windowTo: date('window_to').notNull(),
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    timesOfDay: text('times_of_day')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priority: text('priority').notNull().default('normal'),
    notes: text('notes'),
    status: text('status').notNull().default('waiting'),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_entries_clinic_status_idx').on(t.clinicId, t.status, t.windowTo),
    check('waitlist_entries_status_check', sql`${t.status} in ('waiting', 'booked', 'removed')`),
    check('waitlist_entries_priority_check', sql`${t.priority} in ('normal', 'urgent')`),
    check('waitlist_entries_duration_check', sql`${t.duration} > 0 and ${t.duration} <= 480`),
    check('waitlist_entries_window_check', sql`${t.windowTo} >= ${t.windowFrom}`),
    check(
      'waitlist_entries_weekdays_check',
      sql`${t.weekdays} <@ array[0, 1, 2, 3, 4, 5, 6]::integer[]`,
    ),
    check(
      'waitlist_entries_times_check',
      sql`${t.timesOfDay} <@ array['morning', 'afternoon', 'evening']::text[]`,
    ),
  ],
);

/** A freed interval of a provider's time, from a cancel, a move away or extra hours. */
export const waitlistOpenings = pgTable(
  'waitlist_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    agentId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    sourceAppointmentId: uuid('source_appointment_id').references(() => appointments.id),
    /** open: offers may still go out; filled: an offer was accepted; closed: nobody is left. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_openings_source_idx').on(t.sourceAppointmentId),
    index('waitlist_openings_clinic_idx').on(t.clinicId, t.startAt),
    check('waitlist_openings_range_check', sql`${t.endAt} > ${t.startAt}`),
    check(
      'waitlist_openings_source_check',
      sql`${t.source} in ('cancelled', 'rescheduled', 'hours')`,
    ),
    check('waitlist_openings_status_check', sql`${t.status} in ('open', 'filled', 'closed')`),
  ],
);

/** One waiting patient offered one time of an opening, by a private link. */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => waitlistOpenings.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id),
    token: text('token').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_key').on(t.token),
    // Each entry is offered an opening once, and holds at most one open offer at a time.
    uniqueIndex('waitlist_offers_opening_entry_key').on(t.openingId, t.entryId),
    uniqueIndex('waitlist_offers_one_open_idx')
      .on(t.entryId)
      .where(sql`${t.status} = 'open'`),
    index('waitlist_offers_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check(
      'waitlist_offers_status_check',
      sql`${t.status} in ('open', 'accepted', 'declined', 'expired', 'taken', 'withdrawn')`,
    ),
    check('waitlist_offers_range_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** An entry's history: added, changed, offered, accepted, declined, expired, booked, removed. */
export const waitlistEvents = pgTable(
  'waitlist_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    detail: text('detail'),
    byUserId: uuid('by_user_id').references(() => users.id),
    byName: text('by_name'),
  },
  (t) => [index('waitlist_events_entry_idx').on(t.entryId, t.at)],
);

/**
 * A time a patient asked for on the public booking page, held for them until they prove their
 * e-mail (ADR 022). Open holds of one provider never overlap (an EXCLUDE constraint in
 * 0022), a hold never overlaps an active appointment nor an appointment an open hold (triggers in
 * 0022, under the provider's booking lock), and one e-mail has at most one open hold per clinic.
 * Holds are never appointments: lists and counts never see them.
 */
export const onlineBookingHolds = pgTable(
  'online_booking_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    serviceId: uuid('service_id').references(() => services.id),
    /** The buffers of the service held, as an appointment keeps them (ADR 044). */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** The resource held with the time, as an appointment keeps it (ADR 045). */
    resourceId: uuid('resource_id'),
    /** Lower-cased: one open hold per address. */
    email: text('email').notNull(),
    /** The inbox the address delivers to (`inboxOf`, no +tag, Gmail without dots): what is counted. */
    inbox: text('inbox').notNull(),
    /** What the patient typed: first and last name, phone, date of birth. */
    patient: jsonb('patient')
      .$type<{ firstName: string; lastName: string; phone: string; dob: string }>()
      .notNull(),
    /** SHA-256 of the link's token: the link itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull(),
    /** Whose allowance the hold spent: `clientAddressKey(ip)`, an IPv6 client by its /64. */
    clientKey: text('client_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** open → confirmed (booked) or expired; only open holds hold time. */
    state: text('state').notNull().default('open'),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('online_booking_holds_state_check', sql`${t.state} in ('open', 'confirmed', 'expired')`),
    foreignKey({
      name: 'online_booking_holds_resource_fk',
      columns: [t.resourceId, t.clinicId],
      foreignColumns: [resources.id, resources.clinicId],
    }),
    check('online_booking_holds_range_check', sql`${t.endAt} > ${t.startAt}`),
    uniqueIndex('online_booking_holds_open_email_idx')
      .on(t.clinicId, t.email)
      .where(sql`${t.state} = 'open'`),
    index('online_booking_holds_staff_idx').on(t.staffId, t.startAt),
    index('online_booking_holds_client_key_idx').on(t.clientKey, t.createdAt),
    index('online_booking_holds_inbox_idx').on(t.inbox, t.createdAt),
  ],
);

/**
 * A number's answer to a clinic's texts (ADR 050): STOP stops every text from that clinic to it
 * at once, START allows them again. One row per clinic and number, whichever patients share it.
 */
export const textNumberStates = pgTable(
  'text_number_states',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.number] })],
);

/**
 * Texts patients sent the clinic, kept on the patient's record (the clinic's inbox), each with
 * what was done with it: confirm, link, stop, start, help, or 'inbox' for staff to read.
 */
export const textReplies = pgTable(
  'text_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number'),
    body: text('body').notNull(),
    action: text('action').notNull(),
    /** What the action came to ("Confirmed the visit on …", or why not). */
    outcome: text('outcome'),
    gateway: text('gateway').notNull(),
    gatewayMessageId: text('gateway_message_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'text_replies_action_check',
      sql`${t.action} in ('confirm', 'link', 'stop', 'start', 'help', 'inbox')`,
    ),
    // A gateway that delivers one reply twice (a retry after a lost answer) records it once.
    uniqueIndex('text_replies_gateway_message_idx')
      .on(t.gateway, t.gatewayMessageId)
      .where(sql`${t.gatewayMessageId} is not null`),
    index('text_replies_patient_idx').on(t.patientId, t.id),
    index('text_replies_clinic_idx').on(t.clinicId, t.id),
  ],
);

/** A time range with time zone (drizzle has none): the busy times' `during`, generated. */
const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
});

/**
 * A staff member's outside calendar (issue 46, ADR 053): a CalDAV collection or an iCalendar
 * address whose busy times block their slots. The app password (and an iCalendar address, which
 * is itself a secret) is sealed with ACCOUNT_SECRETS_KEY when that is set and never shown again.
 * `busy_version` moves whenever the imported busy times change: its trigger moves the data
 * version of the staff member's clinics, one bump per sync instead of one per event.
 */
export const outsideCalendars = pgTable(
  'outside_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Sealed: an iCalendar address carries its own secret. */
    url: text('url').notNull(),
    /** Shown to the owner without its secret part: the host and the path's start. */
    urlHint: text('url_hint').notNull(),
    username: text('username'),
    /** Sealed app password. */
    password: text('password'),
    /** CalDAV's sync token (RFC 6578), or the collection's getctag where no token is offered. */
    syncToken: text('sync_token'),
    ctag: text('ctag'),
    /** The iCalendar address's last ETag: a 304 means nothing changed. */
    etag: text('etag'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Until when a worker holds this calendar's sync (a lease: a crashed worker's runs out). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    busyVersion: integer('busy_version').notNull().default(0),
    /** How far ahead the stored busy times were expanded: a sync past it reads everything again. */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** Push (ADR 062): the owner's appointments are written into this CalDAV calendar. */
    pushEnabled: boolean('push_enabled').notNull().default(false),
    /** Pushed events name the patient only when the owner allows; otherwise the service alone. */
    pushPatientNames: boolean('push_patient_names').notNull().default(false),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
    /** The last push's failure in words; null when the last push worked. */
    lastPushError: text('last_push_error'),
    /** When a pushed event was last found changed on the server and put back (ADR 062). */
    lastPushConflictAt: timestamp('last_push_conflict_at', { withTimezone: true }),
  },
  (t) => [
    check('outside_calendars_kind_check', sql`${t.kind} in ('caldav', 'ical-url')`),
    check('outside_calendars_name_check', sql`length(btrim(${t.name})) between 1 and 120`),
    check('outside_calendars_push_caldav_check', sql`NOT ${t.pushEnabled} OR ${t.kind} = 'caldav'`),
    index('outside_calendars_staff_idx').on(t.staffId),
    index('outside_calendars_due_idx').on(t.lastAttemptAt),
    index('outside_calendars_push_idx')
      .on(t.staffId)
      .where(sql`${t.pushEnabled}`),
  ],
);

/**
 * Appointments waiting to be pushed to their agents' CalDAV calendars (ADR 062), one row each,
 * written by the appointments' trigger in the write's own transaction (migration 0051). A worker
 * leases rows (FOR UPDATE SKIP LOCKED); `generation` moves when a change comes while it pushes.
 */
export const outsideCalendarPushQueue = pgTable(
  'outside_calendar_push_queue',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull().default(1),
    /** When the next try is due; null: now (a new change). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outside_calendar_push_queue_due_idx').on(t.dueAt)],
);

/** Where an appointment was pushed: the event's address on the server and its last ETag. */
export const outsideCalendarPushedEvents = pgTable(
  'outside_calendar_pushed_events',
  {
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => outsideCalendars.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    href: text('href').notNull(),
    etag: text('etag'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'outside_calendar_pushed_events_pk',
      columns: [t.calendarId, t.appointmentId],
    }),
    index('outside_calendar_pushed_events_appointment_idx').on(t.appointmentId),
  ],
);

/** One object of an outside calendar as last read: its ETag says whether to read it again. */
export const outsideCalendarObjects = pgTable(
  'outside_calendar_objects',
  {
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => outsideCalendars.id, { onDelete: 'cascade' }),
    href: text('href').notNull(),
    etag: text('etag'),
  },
  (t) => [primaryKey({ columns: [t.calendarId, t.href] })],
);

/**
 * The busy times imported from outside calendars: one row per busy event instance within the
 * sync window, no titles. Indexed by GiST on (staff, during) for the slot engine's reads.
 */
export const outsideBusyTimes = pgTable(
  'outside_busy_times',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    calendarId: uuid('calendar_id').notNull(),
    href: text('href').notNull(),
    staffId: uuid('staff_id').notNull(),
    /** The event's UID and the instance's RECURRENCE-ID (its original start), '' for a single. */
    uid: text('uid').notNull(),
    instance: text('instance').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    during: tstzrange('during').generatedAlwaysAs(sql`tstzrange(start_at, end_at)`),
  },
  (t) => [
    foreignKey({
      name: 'outside_busy_times_object_fk',
      columns: [t.calendarId, t.href],
      foreignColumns: [outsideCalendarObjects.calendarId, outsideCalendarObjects.href],
    }).onDelete('cascade'),
    check('outside_busy_times_range_check', sql`${t.endAt} > ${t.startAt}`),
    index('outside_busy_times_object_idx').on(t.calendarId, t.href),
  ],
);
