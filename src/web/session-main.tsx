// Entry of the patient pages: the session page (/session?token=…) and a waitlist offer's
// (/offer/{token}). It must stay free of the staff app:
// no router, no query client, no staff components, so a patient downloads only this page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { offerTokenOf } from './session/offer-api';
import { OfferPage } from './session/offer-page';
import { PatientSessionPage } from './session/patient-session-page';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('session.html is missing #root');

const params = new URLSearchParams(window.location.search);
const token = params.get('token') ?? '';
// The same bundle serves a waitlist offer's page, /offer/{token} (issue 22).
const isOffer = window.location.pathname.startsWith('/offer/');

createRoot(container).render(
  <StrictMode>
    {isOffer ? (
      <OfferPage token={offerTokenOf(window.location.pathname)} />
    ) : (
      <PatientSessionPage token={token} fromReminder={params.get('confirm') === '1'} />
    )}
  </StrictMode>,
);
