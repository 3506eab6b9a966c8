import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  EXERCISE_ERRORS,
  EXERCISE_IMAGE_MAX_BYTES,
  EXERCISE_IMAGE_TYPES,
  EXERCISE_INSTRUCTIONS_MAX,
  EXERCISE_NAME_MAX,
  EXERCISE_VIDEO_MAX_BYTES,
  EXERCISE_VIDEO_TYPES,
  type Exercise,
  type MediaFile,
} from '../../../shared/exercise-library';
import { isApiRequestError } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, Textarea } from '../../ui/select';
import { uploadExerciseMedia, useSaveExercise } from './api';
import { EXERCISE_FORM_FIELDS, ExerciseFormSchema, formValuesOf, REGION_OPTIONS } from './exercise-form';
import { ExerciseMedia } from './exercise-media';

const ACCEPT = [...EXERCISE_IMAGE_TYPES, ...EXERCISE_VIDEO_TYPES].join(',');

/** What the browser can tell before sending: the server checks the bytes again whatever this says. */
function refusalBeforeSending(file: File) {
  const isVideo = (EXERCISE_VIDEO_TYPES as readonly string[]).includes(file.type);
  const isImage = (EXERCISE_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!isVideo && !isImage) return EXERCISE_ERRORS.fileType;
  if (isImage && file.size > EXERCISE_IMAGE_MAX_BYTES) return EXERCISE_ERRORS.imageTooLarge;
  if (isVideo && file.size > EXERCISE_VIDEO_MAX_BYTES) return EXERCISE_ERRORS.videoTooLarge;
  return null;
}

type Picture = { media: MediaFile | null; preview: string | null };

/** Writing an exercise, or changing one (`editing`): name, region, instructions, dosage, tags and its picture. */
export function ExerciseDialog({
  editing,
  open,
  onOpenChange,
}: {
  editing: Exercise | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveExercise();
  const fileId = useId();
  const [error, setError] = useState<string | null>(null);
  const [picture, setPicture] = useState<Picture>({ media: null, preview: null });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const form = useZodForm(ExerciseFormSchema, formValuesOf(null));
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setUploadError(null);
    setPicture({ media: editing?.media ?? null, preview: null });
    form.reset(formValuesOf(editing));
  }, [open, editing, form]);
  useEffect(() => () => void (picture.preview && URL.revokeObjectURL(picture.preview)), [picture.preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(refusalBeforeSending(file));
    if (refusalBeforeSending(file)) return;
    setUploading(true);
    try {
      const media = await uploadExerciseMedia(file);
      setPicture({ media, preview: URL.createObjectURL(file) });
      form.setValue('mediaUrl', '');
    } catch (caught) {
      setUploadError(
        isApiRequestError(caught) ? caught.message : 'Could not upload the file. Please try again.',
      );
    } finally {
      setUploading(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const input = { ...values, mediaFileId: values.mediaUrl ? null : (picture.media?.id ?? null) };
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      toast.success(editing ? 'Exercise saved' : 'Exercise added to the library');
      onOpenChange(false);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: EXERCISE_FORM_FIELDS,
          setError: form.setError,
          fallback: 'Could not save the exercise. Please try again.',
        }),
      );
    }
  });

  const isVideo = picture.media?.contentType.startsWith('video/');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit exercise' : 'New exercise'}
      description="Programmes start from these instructions and this dosage."
      closeLabel="Close the exercise"
      error={error}
      onSubmit={submit}
      submitText={isSubmitting ? 'Saving…' : 'Save exercise'}
      pending={isSubmitting || uploading}
      className="max-h-[90dvh] w-[min(40rem,95vw)] overflow-y-auto"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input maxLength={EXERCISE_NAME_MAX} {...form.register('name')} />
      </FormField>
      <FormField label="Body region" error={errors.bodyRegion?.message}>
        <Select {...form.register('bodyRegion')}>
          <option value="">Choose a region</option>
          {REGION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Instructions" error={errors.instructions?.message}>
        <Textarea maxLength={EXERCISE_INSTRUCTIONS_MAX} {...form.register('instructions')} />
      </FormField>
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <legend className="mb-1 font-medium text-sm">Dosage</legend>
        <FormField label="Sets" error={errors.defaultSets?.message}>
          <Input inputMode="numeric" {...form.register('defaultSets')} />
        </FormField>
        <FormField label="Repetitions" error={errors.defaultReps?.message}>
          <Input inputMode="numeric" {...form.register('defaultReps')} />
        </FormField>
        <FormField label="Hold (seconds)" error={errors.defaultHoldSeconds?.message}>
          <Input inputMode="numeric" {...form.register('defaultHoldSeconds')} />
        </FormField>
        <FormField label="Times a day" error={errors.defaultTimesPerDay?.message}>
          <Input inputMode="numeric" {...form.register('defaultTimesPerDay')} />
        </FormField>
        <FormField label="Days a week" error={errors.defaultDaysPerWeek?.message}>
          <Input inputMode="numeric" {...form.register('defaultDaysPerWeek')} />
        </FormField>
      </fieldset>
      <FormField label="Tags" hint="Separated by commas: strength, balance" error={errors.tags?.message}>
        <Input {...form.register('tags')} />
      </FormField>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>Picture or video</Label>
        <p id={`${fileId}-hint`} className="text-muted-foreground text-xs">
          PNG, JPEG, WebP or GIF up to 5 MB; MP4 or WebM up to 50 MB.
        </p>
        <input
          id={fileId}
          type="file"
          accept={ACCEPT}
          onChange={choose}
          aria-describedby={`${fileId}-hint${uploadError ? ` ${fileId}-error` : ''}`}
          aria-invalid={uploadError ? true : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
        />
        {uploading ? (
          <p className="text-muted-foreground text-sm" role="status">
            Uploading…
          </p>
        ) : null}
        {uploadError ? (
          <p id={`${fileId}-error`} className="font-medium text-destructive text-sm" role="alert">
            {uploadError}
          </p>
        ) : null}
        {picture.preview ? (
          isVideo ? (
            // biome-ignore lint/a11y/useMediaCaption: a preview of the chosen demonstration, without speech
            <video
              src={picture.preview}
              controls
              className="max-h-48 rounded-md bg-muted"
              aria-label="Preview of the video"
            />
          ) : (
            <img
              src={picture.preview}
              alt="Preview of the chosen file"
              className="max-h-48 rounded-md bg-muted object-contain"
            />
          )
        ) : picture.media && editing ? (
          <ExerciseMedia
            exercise={{ name: editing.name, media: picture.media, mediaUrl: null }}
            className="max-h-48"
          />
        ) : null}
        {picture.media ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setPicture({ media: null, preview: null })}
          >
            Remove the picture
          </Button>
        ) : null}
      </div>
      <FormField
        label="Or a link to a demonstration"
        hint="An https address, opened in a new tab"
        error={errors.mediaUrl?.message}
      >
        <Input type="url" inputMode="url" {...form.register('mediaUrl')} />
      </FormField>
    </FormDialog>
  );
}
