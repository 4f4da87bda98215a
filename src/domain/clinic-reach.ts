// How a patient reaches their clinic besides their link: the phone and address it gave, and its
// public booking page while it takes bookings online. Patient pages offer what there is and never
// tell a patient to call a clinic that gave no number (ADR 034).

export interface ClinicReach {
  phone: string | null;
  address: string | null;
  /** The clinic's public booking page, while it takes online bookings; null otherwise. */
  bookOnlinePath: string | null;
}

/** The public booking page of a clinic (ADR 022): /book-online/{slug}. */
export function bookOnlinePath(slug: string): string {
  return `/book-online/${encodeURIComponent(slug)}`;
}

/**
 * What a clinic row gives its patients. Online booking counts as on when it is switched on and
 * has a provider to book: a page with no one to book would only say so.
 */
export function clinicReachOf(clinic: {
  slug: string;
  phone: string | null;
  address: string | null;
  onlineBookingEnabled: boolean;
  onlineBookingAgentIds: readonly string[];
}): ClinicReach {
  const blankAsNull = (text: string | null) => (text?.trim() ? text.trim() : null);
  return {
    phone: blankAsNull(clinic.phone),
    address: blankAsNull(clinic.address),
    bookOnlinePath:
      clinic.onlineBookingEnabled && clinic.onlineBookingAgentIds.length > 0
        ? bookOnlinePath(clinic.slug)
        : null,
  };
}
