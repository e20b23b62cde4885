/** The radio group of segments now lives with the shared components (the deposit network picker uses it too). */
export { Segmented, type SegmentOption } from '../../components/Segmented';
