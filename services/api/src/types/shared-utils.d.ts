// @vitrine/utils (slugify, reading time) is shared with the browser and also
// exports downloadCsv, which uses `document`. Type-checking that package from
// the Node program needs the DOM declarations; the API never calls downloadCsv.
/// <reference lib="dom" />
