import { useEffect, useRef, useState, type ComponentProps } from 'react';

/** A <video> showing a live MediaStream (React has no prop for srcObject). */
export function StreamVideo({
  stream,
  ...props
}: { stream: MediaStream | null } & Omit<ComponentProps<'video'>, 'src'>) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    // Autoplay is allowed after the click that joined; a refusal just leaves the frame still.
    if (stream) video.play().catch(() => {});
  }, [stream]);
  return <video ref={ref} autoPlay playsInline {...props} />;
}

/** Whether the stream carries a video track, following tracks as they arrive and leave. */
export function useHasVideo(stream: MediaStream | null): boolean {
  const [hasVideo, setHasVideo] = useState(false);
  useEffect(() => {
    const check = () => setHasVideo((stream?.getVideoTracks().length ?? 0) > 0);
    check();
    if (!stream) return;
    stream.addEventListener('addtrack', check);
    stream.addEventListener('removetrack', check);
    return () => {
      stream.removeEventListener('addtrack', check);
      stream.removeEventListener('removetrack', check);
    };
  }, [stream]);
  return hasVideo;
}
