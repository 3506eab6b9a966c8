import type { Exercise, MediaFile } from '../../../shared/exercise-library';
import { cn } from '../../lib/cn';
import { useMediaObjectUrl } from './api';

/**
 * An exercise's picture or video, fetched with the session. A link to media elsewhere is offered as a link:
 * the page shows only what the clinic stores.
 */
export function ExerciseMedia({
  exercise,
  className,
}: {
  exercise: Pick<Exercise, 'name' | 'mediaUrl'> & { media: Pick<MediaFile, 'url' | 'contentType'> | null };
  className?: string;
}) {
  const { objectUrl, failed } = useMediaObjectUrl(exercise.media?.url ?? null);
  const frame = cn(
    'flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md bg-muted',
    className,
  );
  if (exercise.media) {
    if (failed)
      return (
        <div className={frame}>
          <span className="text-muted-foreground text-sm">
            The picture of {exercise.name} could not be loaded
          </span>
        </div>
      );
    if (!objectUrl)
      return (
        <div className={frame} aria-busy="true">
          <span className="sr-only">Loading the picture of {exercise.name}</span>
        </div>
      );
    return exercise.media.contentType.startsWith('video/') ? (
      // biome-ignore lint/a11y/useMediaCaption: exercise demonstrations carry no speech; the instructions are the text
      <video
        className={cn(frame, 'object-contain')}
        src={objectUrl}
        controls
        preload="metadata"
        aria-label={`Video of ${exercise.name}`}
      />
    ) : (
      <img className={cn(frame, 'object-contain')} src={objectUrl} alt={`Drawing of ${exercise.name}`} />
    );
  }
  if (exercise.mediaUrl)
    return (
      <div className={frame}>
        <a
          href={exercise.mediaUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary text-sm underline"
        >
          Open the demonstration (new tab)
        </a>
      </div>
    );
  return (
    <div className={frame}>
      <span className="text-muted-foreground text-sm">No picture</span>
    </div>
  );
}
