// `@portal/shared/schemas/recall-notices`: the dashboard's recall banner's schema (decision 074). Not a
// shared entry: the shell bundles it into the dashboard's lazy chunk, tree-shaken to this schema,
// instead of every page's start-up platform entry carrying the recalls' schemas (decision 068).
export { MyRecallListSchema, myRecallPath, type MyRecall, type MyRecallList } from './recalls';
