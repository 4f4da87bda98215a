import { useNavigation } from 'react-router';

/** A thin bar along the header's bottom edge while a lazy page or its data loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="pointer-events-none absolute inset-x-0 -bottom-px h-0.5 overflow-hidden bg-primary/15"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}
