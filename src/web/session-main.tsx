// Entry of the patient pages: the session page (/session?token=…), a waitlist offer's
// (/offer/{token}), a clinic's booking page (/book-online/{slug}) and its confirmation link
// (/book-online/confirm/{token}).
// It must stay free of the staff app: no router, no query client, no staff components, so a
// patient downloads only this page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bookingSlugOf, holdTokenOf } from './session/book-online-api';
import { BookOnlinePage } from './session/book-online-page';
import { ConfirmBookingPage } from './session/confirm-booking-page';
import { offerTokenOf } from './session/offer-api';
import { OfferPage } from './session/offer-page';
import { PatientSessionPage } from './session/patient-session-page';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('session.html is missing #root');

const params = new URLSearchParams(window.location.search);
const token = params.get('token') ?? '';
// The same bundle serves a waitlist offer's page, /offer/{token} (ADR 019).
const isOffer = window.location.pathname.startsWith('/offer/');
// And the link that confirms an online booking, /book-online/confirm/{token} (ADR 022).
const isBookingConfirmation = window.location.pathname.startsWith('/book-online/confirm/');
// And a clinic's public booking page, /book-online/{clinicSlug}.
const bookingSlug = bookingSlugOf(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    {isBookingConfirmation ? (
      <ConfirmBookingPage token={holdTokenOf(window.location.pathname)} />
    ) : bookingSlug ? (
      <BookOnlinePage slug={bookingSlug} />
    ) : isOffer ? (
      <OfferPage token={offerTokenOf(window.location.pathname)} />
    ) : (
      <PatientSessionPage token={token} fromReminder={params.get('confirm') === '1'} />
    )}
  </StrictMode>,
);
