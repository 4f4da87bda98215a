import type { MediaMode, MediaProblem } from './media';

const CHOICE_LABEL: Record<MediaMode, string> = {
  camera: 'Try again',
  audio: 'Join with microphone only',
  none: 'Join without camera or microphone',
};

/** The camera or microphone was refused or missing: say so plainly and offer a way on. */
export function MediaProblemNotice({
  problem,
  mode,
  onChoose,
  onCancel,
}: {
  problem: MediaProblem;
  mode: MediaMode;
  onChoose: (mode: MediaMode) => void;
  onCancel: () => void;
}) {
  const button =
    'inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';
  return (
    <section
      role="alert"
      aria-labelledby="media-problem-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="media-problem-title" className="text-lg font-semibold">
        {problem.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{problem.message}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button
          type="button"
          className={`${button} bg-primary text-primary-foreground hover:bg-primary/90`}
          onClick={() => onChoose(mode)}
        >
          Try again
        </button>
        {problem.fallbacks.map((fallback) => (
          <button
            key={fallback}
            type="button"
            className={`${button} border border-amber-400 bg-white/70 hover:bg-white dark:border-amber-600 dark:bg-transparent dark:hover:bg-amber-900/40`}
            onClick={() => onChoose(fallback)}
          >
            {CHOICE_LABEL[fallback]}
          </button>
        ))}
        <button type="button" className={`${button} hover:underline sm:ml-auto`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
