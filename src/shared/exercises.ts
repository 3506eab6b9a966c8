/** Home exercise programmes: the library's vocabulary, shared by the server and the browser. */
export const BODY_REGIONS = [
  'neck',
  'shoulder',
  'elbow',
  'wrist_hand',
  'upper_back',
  'lower_back',
  'hip',
  'knee',
  'ankle_foot',
  'core',
  'whole_body',
] as const;
export type BodyRegion = (typeof BODY_REGIONS)[number];

export const BODY_REGION_LABELS: Record<BodyRegion, string> = {
  neck: 'Neck',
  shoulder: 'Shoulder',
  elbow: 'Elbow',
  wrist_hand: 'Wrist and hand',
  upper_back: 'Upper back',
  lower_back: 'Lower back',
  hip: 'Hip',
  knee: 'Knee',
  ankle_foot: 'Ankle and foot',
  core: 'Core',
  whole_body: 'Whole body',
};

/** What the library accepts as an exercise's picture or video, told by the file's bytes, not its name. */
export const EXERCISE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const EXERCISE_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const EXERCISE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const EXERCISE_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** The starter set's drawings; written for the clinic, never accepted from an upload. */
export const STARTER_DRAWING_TYPE = 'image/svg+xml';

export const EXERCISE_NAME_MAX = 120;
export const EXERCISE_INSTRUCTIONS_MAX = 4000;
export const EXERCISE_TAG_MAX = 30;
export const EXERCISE_TAGS_MAX = 10;
export const EXERCISE_PAGE_SIZE = 24;
export const EXERCISE_PAGE_MAX = 100;

export const EXERCISE_ERRORS = {
  notFound: 'Exercise not found',
  fileNotFound: 'File not found',
  notMultipart: 'Unsupported content type; send the file as multipart/form-data',
  malformed: 'The upload is not valid multipart/form-data',
  noFile: 'Choose a file to upload',
  fileType: 'That file is not a PNG, JPEG, WebP or GIF picture, nor an MP4 or WebM video',
  imageTooLarge: 'Pictures may be at most 5 MB',
  videoTooLarge: 'Videos may be at most 50 MB',
  mediaBoth: 'Give an uploaded file or a link, not both',
  mediaFileUnknown: 'That file was not uploaded here, or belongs to someone else',
} as const;
