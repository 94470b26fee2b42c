/** An upload's progress bar (the article image, the media library): shown once it has begun. */
export function UploadProgress({ progress, label }: { progress: number; label: string }) {
  if (progress <= 0) return null;
  return (
    <div
      className="progress mt-2"
      role="progressbar"
      aria-label={label}
      aria-valuenow={progress}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${progress}%` }}>
        {progress}%
      </div>
    </div>
  );
}
