/**
 * The starter set's pictures: line drawings of a figure in each exercise's position, written out as SVG
 * here (a few hundred bytes each). A pose is the figure's joints; the drawing joins them in one stroke.
 */
type Point = readonly [number, number];
export type Pose = {
  head: Point;
  /** Neck to hip (a spine may bend through a middle point). */
  spine: readonly Point[];
  arms: ReadonlyArray<readonly Point[]>;
  legs: ReadonlyArray<readonly Point[]>;
  /** Extra lines in the prop colour: a chair, a wall, a band, a table. */
  props?: readonly string[];
};

const path = (points: readonly Point[]) => `M${points.map(([x, y]) => `${x} ${y}`).join('L')}`;

export function drawPose(title: string, pose: Pose) {
  const limbs = [pose.spine, ...pose.arms, ...pose.legs]
    .map((points) => `<path d="${path(points)}"/>`)
    .join('');
  const props = (pose.props ?? []).map((d) => `<path d="${d}"/>`).join('');
  const safeTitle = title.replace(/[<>&"]/g, '');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 150" role="img">',
    `<title>${safeTitle}</title>`,
    '<rect width="200" height="150" fill="#f8fafc"/>',
    '<path d="M10 141H190" stroke="#94a3b8" stroke-width="2"/>',
    `<g fill="none" stroke="#0f766e" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${props}</g>`,
    `<g fill="none" stroke="#1e293b" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${limbs}`,
    `<circle cx="${pose.head[0]}" cy="${pose.head[1]}" r="10"/></g>`,
    '</svg>',
  ].join('');
}

/** A figure standing, seen from the front. */
const standing = (arms: Pose['arms'], extra: Partial<Pose> = {}): Pose => ({
  head: [100, 26],
  spine: [
    [100, 38],
    [100, 86],
  ],
  arms,
  legs: [
    [
      [100, 86],
      [94, 113],
      [93, 140],
    ],
    [
      [100, 86],
      [106, 113],
      [107, 140],
    ],
  ],
  ...extra,
});
const armsDown: Pose['arms'] = [
  [
    [100, 46],
    [88, 66],
    [86, 86],
  ],
  [
    [100, 46],
    [112, 66],
    [114, 86],
  ],
];
/** On hands and knees, seen from the side, head to the left. */
const allFours = (spine: Pose['spine'], extra: Partial<Pose> = {}): Pose => ({
  head: [52, 78],
  spine,
  arms: [
    [
      [64, 88],
      [64, 114],
      [64, 140],
    ],
  ],
  legs: [
    [
      [124, 88],
      [124, 140],
      [150, 140],
    ],
  ],
  ...extra,
});
/** Lying on the back, head to the left. */
const lying = (legs: Pose['legs'], extra: Partial<Pose> = {}): Pose => ({
  head: [30, 130],
  spine: [
    [42, 133],
    [96, 133],
  ],
  arms: [
    [
      [50, 134],
      [72, 136],
      [92, 137],
    ],
  ],
  legs,
  ...extra,
});
const kneesBent: Pose['legs'] = [
  [
    [96, 133],
    [124, 104],
    [146, 136],
  ],
];

export const POSES: Record<string, Pose> = {
  'chin-tuck': standing(armsDown, { head: [96, 26], props: ['M118 24h16m-6-5 6 5-6 5'] }),
  'neck-side-stretch': standing(
    [
      [
        [100, 46],
        [116, 30],
        [106, 16],
      ],
      [
        [100, 46],
        [88, 66],
        [86, 86],
      ],
    ],
    { head: [92, 28] },
  ),
  pendulum: {
    head: [60, 62],
    spine: [
      [72, 66],
      [120, 80],
    ],
    arms: [
      [
        [78, 70],
        [80, 96],
        [82, 118],
      ],
      [
        [80, 70],
        [60, 84],
        [42, 88],
      ],
    ],
    legs: [
      [
        [120, 80],
        [122, 110],
        [124, 140],
      ],
    ],
    props: ['M20 90h40M28 90v50', 'M70 124a12 6 0 0 0 24 0'],
  },
  'band-external-rotation': standing(
    [
      [
        [100, 46],
        [92, 66],
        [68, 66],
      ],
      [
        [100, 46],
        [108, 66],
        [132, 66],
      ],
    ],
    { props: ['M68 66C90 74 110 74 132 66'] },
  ),
  'wall-slide': standing(
    [
      [
        [100, 46],
        [80, 34],
        [78, 12],
      ],
      [
        [100, 46],
        [120, 34],
        [122, 12],
      ],
    ],
    { props: ['M60 4V140M140 4V140'] },
  ),
  'wrist-extensor-stretch': standing(
    [
      [
        [100, 46],
        [124, 50],
        [150, 54],
      ],
      [
        [100, 46],
        [118, 62],
        [148, 60],
      ],
    ],
    { props: ['M150 54l8 12'] },
  ),
  'tendon-glides': standing(
    [
      [
        [100, 46],
        [116, 66],
        [136, 50],
      ],
      armsDown[0]!,
    ],
    { props: ['M136 50l6-8m-4 10 8-4m-6 8 8 0'] },
  ),
  'elbow-bend': standing(
    [
      [
        [100, 46],
        [98, 70],
        [112, 52],
      ],
      [
        [100, 46],
        [104, 70],
        [120, 58],
      ],
    ],
    { props: ['M108 50h10M116 56h10'] },
  ),
  'thoracic-extension': {
    head: [88, 42],
    spine: [
      [96, 52],
      [104, 100],
    ],
    arms: [
      [
        [96, 58],
        [80, 44],
        [86, 32],
      ],
    ],
    legs: [
      [
        [104, 100],
        [136, 100],
        [138, 140],
      ],
    ],
    props: ['M92 104h44M96 104v36M132 104v36M92 104V64'],
  },
  'shoulder-blade-squeeze': standing([
    [
      [100, 46],
      [82, 58],
      [90, 76],
    ],
    [
      [100, 46],
      [118, 58],
      [110, 76],
    ],
  ]),
  'cat-cow': allFours([
    [64, 88],
    [94, 74],
    [124, 88],
  ]),
  'pelvic-tilt': lying(kneesBent, { props: ['M70 124c8-6 16-6 24 0'] }),
  'knee-to-chest': lying([
    [
      [96, 133],
      [78, 104],
      [98, 96],
    ],
    [
      [96, 133],
      [140, 135],
      [182, 136],
    ],
  ]),
  'glute-bridge': lying(kneesBent, {
    spine: [
      [42, 133],
      [96, 112],
    ],
    legs: [
      [
        [96, 112],
        [124, 104],
        [146, 136],
      ],
    ],
  }),
  clamshell: {
    head: [30, 118],
    spine: [
      [42, 122],
      [96, 126],
    ],
    arms: [
      [
        [48, 124],
        [40, 104],
        [30, 106],
      ],
    ],
    legs: [
      [
        [96, 126],
        [120, 108],
        [146, 130],
      ],
      [
        [96, 130],
        [124, 134],
        [146, 134],
      ],
    ],
  },
  'straight-leg-raise': lying([
    [
      [96, 133],
      [124, 104],
      [146, 136],
    ],
    [
      [96, 133],
      [134, 116],
      [172, 100],
    ],
  ]),
  'sit-to-stand': {
    head: [104, 40],
    spine: [
      [104, 52],
      [92, 94],
    ],
    arms: [
      [
        [104, 58],
        [120, 72],
        [138, 74],
      ],
    ],
    legs: [
      [
        [92, 94],
        [122, 100],
        [120, 140],
      ],
    ],
    props: ['M60 100h40M64 100v40M96 100v40M60 100V56'],
  },
  'mini-squat': standing(
    [
      [
        [100, 52],
        [120, 62],
        [140, 62],
      ],
      [
        [100, 52],
        [80, 62],
        [60, 62],
      ],
    ],
    {
      head: [100, 32],
      spine: [
        [100, 44],
        [100, 92],
      ],
      legs: [
        [
          [100, 92],
          [86, 114],
          [93, 140],
        ],
        [
          [100, 92],
          [114, 114],
          [107, 140],
        ],
      ],
    },
  ),
  'heel-raise': standing(armsDown, {
    head: [100, 18],
    spine: [
      [100, 30],
      [100, 78],
    ],
    legs: [
      [
        [100, 78],
        [94, 106],
        [93, 132],
      ],
      [
        [100, 78],
        [106, 106],
        [107, 132],
      ],
    ],
    props: ['M86 140l7-8m21 8-7-8'],
  }),
  'calf-stretch': {
    head: [60, 34],
    spine: [
      [68, 44],
      [96, 88],
    ],
    arms: [
      [
        [70, 50],
        [50, 48],
        [32, 44],
      ],
    ],
    legs: [
      [
        [96, 88],
        [78, 112],
        [76, 140],
      ],
      [
        [96, 88],
        [124, 114],
        [150, 140],
      ],
    ],
    props: ['M28 4V140'],
  },
  'dead-bug': lying(
    [
      [
        [96, 133],
        [110, 104],
        [136, 104],
      ],
      [
        [96, 133],
        [140, 134],
        [176, 130],
      ],
    ],
    {
      arms: [
        [
          [52, 133],
          [56, 112],
          [60, 92],
        ],
        [
          [52, 133],
          [30, 120],
          [12, 112],
        ],
      ],
    },
  ),
  'bird-dog': allFours(
    [
      [64, 88],
      [124, 88],
    ],
    {
      arms: [
        [
          [64, 88],
          [64, 114],
          [64, 140],
        ],
        [
          [64, 88],
          [42, 78],
          [20, 70],
        ],
      ],
      legs: [
        [
          [124, 88],
          [124, 140],
          [150, 140],
        ],
        [
          [124, 88],
          [154, 82],
          [184, 76],
        ],
      ],
    },
  ),
};
