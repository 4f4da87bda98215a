import * as t from './schema';

/** A clinic as most reads show it: enough to name it, link to it and read its wall clock. */
export const clinicNameColumns = {
  id: t.clinics.id,
  slug: t.clinics.slug,
  name: t.clinics.name,
  timezone: t.clinics.timezone,
};
