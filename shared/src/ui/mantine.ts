// The core slice of Mantine that every page may use: layout, typography, feedback. Only names some
// page uses: an unused name here was downloaded on every page (docs/decisions/025); Mantine's hooks
// are not re-exported (no page used one).
// Heavier families live in their own entries (forms, select, data, overlays) so that a page
// downloads them only when it uses them (docs/decisions/001). Named exports only: a shared module
// keeps every export it names, so each name here costs bytes on every page.
export {
  Alert,
  Anchor,
  Badge,
  Box,
  Card,
  Center,
  CloseButton,
  Container,
  Divider,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
export type {
  AlertProps,
  AnchorProps,
  BadgeProps,
  BoxProps,
  CardProps,
  ContainerProps,
  GridProps,
  GroupProps,
  MantineColor,
  MantineSize,
  MantineSpacing,
  PaperProps,
  SegmentedControlProps,
  SimpleGridProps,
  StackProps,
  TitleProps,
} from '@mantine/core';
