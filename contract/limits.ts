/**
 * Every length and count limit of the contract, in one place. The request schemas, the entity schemas
 * and so the row schemas the server checks a row with before writing it (and loads it with at boot)
 * all take their maxima from here, so nothing the server accepts can be too long to load again.
 * Business limits of an order (lines, quantities, total) live here too; the README lists them.
 */
export const LIMITS = {
  /** Sizes, colours and tags: one short label. */
  label: 40,
  /** A cart line's selected size or colour as the client sends it. */
  option: 60,
  personName: 120,
  email: 200,
  phone: 40,
  password: 200,
  title: 200,
  categoryName: 60,
  /** A slug a client sends. */
  slugInput: 80,
  /** A stored slug: lower-casing can double a name's length (İ -> i̇), and -2, -3 … may follow. */
  slug: 200,
  sku: 64,
  shortDescription: 500,
  description: 20_000,
  notes: 2_000,
  orderAddress: 1_000,
  addressPart: 300,
  place: 120,
  /** The shipping_address JSON text a client sends. */
  shippingText: 5_000,
  /** The shipping_address text as stored: our own JSON of the parsed details (escapes can lengthen it). */
  storedShippingText: 32_000,
  /** A URL of an image we serve (/uploads/...). */
  imageUrl: 300,
  /** An image as a data URL: 2 MB of bytes, base64-inflated by a third, plus its header. */
  dataUrl: 2_900_000,
  /** ISO timestamps and other short machine texts. */
  stamp: 40,
  hash: 300,
  idempotencyKey: 200,
  queryText: 200,
  /** Lists. */
  tags: 50,
  galleryImages: 50,
  imagesPerUpload: 12,
  productCategories: 20,
  statusHistory: 100,
  /** Size × colour combinations whose stock a product tracks. */
  variants: 400,
  /** Units of one variant the admin can record. */
  stockQuantity: 1_000_000,
  /** Saved products per account (and per device, signed out). */
  wishlist: 200,
  /** Back-in-stock requests one shopper may have waiting. */
  stockRequests: 100,
  /** Notifications kept per shopper: the oldest go first. */
  notifications: 100,
  /** Activity log (issue 15): fields per entry (a product: its fields and up to 400 stock cells), a field's name, a list value, actors offered as filters. */
  activityChanges: 500,
  activityField: 100,
  activityList: 1_000,
  activityActors: 200,
  /** A products CSV import: its rows (one product each) and the errors reported back. */
  importRows: 2_000,
  importErrors: 200,
  /** Mail (issue 26): a subject, the recipients of one mail (an alert may go to several), a body, a delivery error, a page of the mailbox. */
  mailSubject: 300,
  mailRecipients: 2_000,
  mailBody: 500_000,
  mailError: 1_000,
  mailPage: 100,
} as const;

/** What one order may hold (after lines of the same product, size and colour are merged). */
export const ORDER_LIMITS = {
  lines: 100,
  qtyPerLine: 100,
  items: 1_000,
  /** In the store currency. */
  total: 100_000,
} as const;
