// Entry of the patient session page (/session?token=…). It must stay free of the staff app:
// no router, no query client, no staff components, so a patient downloads only this page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PatientSessionPage } from './session/patient-session-page';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('session.html is missing #root');

const params = new URLSearchParams(window.location.search);
const token = params.get('token') ?? '';

createRoot(container).render(
  <StrictMode>
    <PatientSessionPage token={token} fromReminder={params.get('confirm') === '1'} />
  </StrictMode>,
);
