import { z } from 'zod';

/** `POST /api/page-hidden.php` body: the beacon carries nothing (the page is its Referer). */
export const ZPageHiddenRequest = z.object({}).passthrough().optional();
