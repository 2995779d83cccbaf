// The editor session (texts and settings): kept in localStorage and shared
// through the URL hash (#s=<base64url of deflate-raw JSON>, or #j=<JSON> where
// CompressionStream is missing). Nothing is sent anywhere: the hash never
// leaves the browser.

const STORAGE_KEY = 'lazylifted.session.v1';
const FIELDS = ['domain', 'problem', 'example', 'space', 'heuristic', 'model', 'timeLimitS',
                'config', 'search', 'preferred', 'novelty', 'anytime'];

/** Keeps the known fields with the right types; returns null if there is no text. */
export function sanitiseSession(raw) {
    if (!raw || typeof raw !== 'object') return null;
    const session = {};
    for (const key of FIELDS) {
        const value = raw[key];
        if (key === 'timeLimitS') {
            if (typeof value === 'number' && Number.isFinite(value) && value > 0) session[key] = value;
        } else if (typeof value === 'string') {
            session[key] = value;
        }
    }
    if (typeof session.domain !== 'string' || typeof session.problem !== 'string') return null;
    return session;
}

export function saveToStorage(session) {
    try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    } catch {
        /* storage full or disabled: the session just is not kept */
    }
}

export function loadFromStorage() {
    try {
        return sanitiseSession(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    } catch {
        return null;
    }
}

function toBase64Url(bytes) {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
    const response = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await response.arrayBuffer());
}

/** The hash fragment (with '#') that encodes `session`. */
export async function encodeSessionHash(session) {
    const json = JSON.stringify(session);
    if (typeof CompressionStream === 'function') {
        const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
        return `#s=${toBase64Url(packed)}`;
    }
    return `#j=${encodeURIComponent(json)}`;
}

/** Decodes a hash made by encodeSessionHash; null if it holds no session. */
export async function decodeSessionHash(hash) {
    try {
        if (hash.startsWith('#s=')) {
            const bytes = await pipe(fromBase64Url(hash.slice(3)), new DecompressionStream('deflate-raw'));
            return sanitiseSession(JSON.parse(new TextDecoder().decode(bytes)));
        }
        if (hash.startsWith('#j=')) return sanitiseSession(JSON.parse(decodeURIComponent(hash.slice(3))));
    } catch {
        /* a damaged link: ignore it */
    }
    return null;
}
