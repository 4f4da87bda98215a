// Placeholder: a later issue builds the patient session page.
export function SessionPlaceholder() {
  return (
    <main className="flex min-h-svh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-medium tracking-wide text-teal-700 uppercase dark:text-teal-400">
          Carebook
        </p>
        <h1 className="mt-3 text-2xl font-semibold text-slate-900 dark:text-slate-50">
          Your appointment
        </h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">
          The session page is coming soon. Please keep this link: you will use it to join your
          appointment.
        </p>
      </div>
    </main>
  );
}
