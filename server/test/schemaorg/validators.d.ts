/** The two structured-data packages ship no types: what the tests use of them (server/test/structured-data.ts). */
declare module '@marbec/web-auto-extractor' {
  export interface ExtractedData {
    jsonld: Record<string, Array<Record<string, unknown>>>;
    microdata: Record<string, unknown[]>;
    rdfa: Record<string, unknown[]>;
    metatags: Record<string, string[]>;
    errors?: Array<{ format: string; message: string }>;
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    dataFormat?: string;
    errorType?: string;
    fieldNames?: string[];
    path?: Array<{ type?: string; property?: string; index?: number }>;
  }
  export default class Validator {
    constructor(schemaOrgJson?: object);
    debug: boolean;
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
