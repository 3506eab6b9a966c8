import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { toast } from 'sonner';
import { PHOTO_TYPES } from '../../../shared/profile';
import { UserAvatar } from '../../app/shell/user-avatar';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { useUser } from '../auth';
import { useRemovePhoto, useUploadPhoto } from './api';
import { scaleImageToDataUrl } from './scale-image';

const ACCEPTED: readonly string[] = PHOTO_TYPES;

export function PhotoField() {
  const user = useUser();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const isBusy = upload.isPending || remove.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      toast.error('Choose a PNG, JPEG or WebP image.');
      return;
    }
    try {
      await upload.mutateAsync(await scaleImageToDataUrl(file));
      toast.success('Photo updated');
    } catch (caught) {
      toast.error(
        isApiRequestError(caught) ? caught.message : 'Could not upload your photo. Please try again.',
      );
    }
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Photo removed'),
      onError: () => toast.error('Could not remove your photo. Please try again.'),
    });

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar user={user} size="size-16" />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            aria-label="Profile photo file"
            onChange={onFile}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={isBusy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden="true" />
            {user.profileImage ? 'Change photo' : 'Upload photo'}
          </Button>
          {user.profileImage ? (
            <Button variant="ghost" size="sm" disabled={isBusy} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-muted-foreground text-xs">
          PNG, JPEG or WebP. We scale it down to 256 pixels.
        </p>
      </div>
    </div>
  );
}
