import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MediaStorage } from "./storage";

/**
 * Short videos for children's portfolios (issue 44, decision 144), the media pipeline's other half:
 * a phone's MP4, MOV or WebM of at most VIDEO_MAX_BYTES and VIDEO_MAX_SECONDS is checked by content
 * with ffprobe, then written again by ffmpeg as an MP4 whose index sits at the front (a phone starts
 * playing before the end has arrived) with no metadata at all: no title, date, camera, and no
 * location (the GPS atoms `©xyz` of udta and `com.apple.quicktime.location.ISO6709` of meta), no
 * chapters, subtitles or data tracks (an iPhone's timed-metadata track can carry the position too):
 * only the first picture and the first sound track. H.264 and HEVC with AAC are copied as they are
 * (no quality lost, fast); anything else (VP8/VP9/AV1 from WebM) is re-encoded to H.264 and AAC at
 * most 1280 px wide. ffmpeg and ffprobe are Debian's (`apt-get install ffmpeg`); without them
 * videos are refused with VideoToolsMissingError and everything else works.
 */

export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 60;
/** ffmpeg's own time budget: a 60 s clip re-encoded on a small server takes well under this. */
const TOOL_TIMEOUT_MS = 180_000;

/** The bytes are not a video we take (unknown format, no picture, unreadable); `tooLong`: over VIDEO_MAX_SECONDS. */
export class NotAVideoError extends Error {
  constructor(readonly reason: "format" | "tooLong") {
    super(`not an accepted video (${reason})`);
  }
}
/** ffmpeg or ffprobe is not installed (or not where FFMPEG_PATH says). */
export class VideoToolsMissingError extends Error {}

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

/** ffprobe beside the configured ffmpeg (Debian installs both from the one package). */
export function videoTools(ffmpegPath: string): VideoTools {
  return { ffmpeg: ffmpegPath, ffprobe: ffmpegPath.includes("/") ? path.join(path.dirname(ffmpegPath), "ffprobe") : "ffprobe" };
}

const BOX_VIDEO_BRANDS = /^(isom|iso[2-9]|mp4[12]|avc1|qt {2}|M4V |mp71|3gp[4-9]|3g2[abc]|dash|f4v |MSNV)$/;

/**
 * Whether the bytes look like a video container (ISO BMFF with a video brand, an old QuickTime file,
 * or Matroska/WebM), before any tool runs: an AVIF or HEIC photo is ISO BMFF too, with an image brand.
 */
export function looksLikeVideo(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  const box = Buffer.from(bytes.subarray(4, 8)).toString("latin1");
  if (box === "ftyp") return BOX_VIDEO_BRANDS.test(Buffer.from(bytes.subarray(8, 12)).toString("latin1"));
  return box === "moov" || box === "mdat" || box === "wide" || box === "free" || box === "skip";
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, encoding: "utf8" }, (error, stdout) => {
      if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") reject(new VideoToolsMissingError(`${file} is not installed`));
      else if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/** Whether ffmpeg and ffprobe answer (for the upload form's hint and the health of the feature). */
export async function videoToolsPresent(tools: VideoTools): Promise<boolean> {
  try {
    await Promise.all([run(tools.ffmpeg, ["-hide_banner", "-version"]), run(tools.ffprobe, ["-hide_banner", "-version"])]);
    return true;
  } catch {
    return false;
  }
}

interface Probe {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
}

async function probe(tools: VideoTools, file: string): Promise<Probe> {
  try {
    return JSON.parse(
      await run(tools.ffprobe, [
        "-v",
        "error",
        "-show_entries",
        "format=format_name,duration:stream=codec_type,codec_name,width,height,duration",
        "-of",
        "json",
        file,
      ]),
    ) as Probe;
  } catch (error) {
    if (error instanceof VideoToolsMissingError) throw error;
    throw new NotAVideoError("format");
  }
}

export interface StoredVideo {
  /** The stored file's name: `{24 hex}.mp4`. */
  name: string;
  bytes: number;
  width: number;
  height: number;
  durationMs: number;
}

/** Reads what ffmpeg wrote, for tests: the container's tags and each stream's. */
export async function videoTags(tools: VideoTools, file: string): Promise<Record<string, string>> {
  const out = JSON.parse(await run(tools.ffprobe, ["-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "json", file])) as {
    format?: { tags?: Record<string, string> };
    streams?: { tags?: Record<string, string> }[];
  };
  return Object.assign({}, out.format?.tags, ...(out.streams ?? []).map((stream) => stream.tags ?? {}));
}

/**
 * Checks and re-writes the video (see the top of this file) and stores the MP4 under a random
 * name. Throws NotAVideoError for bytes that are no video we take, VideoToolsMissingError without ffmpeg.
 */
export async function storeVideo(storage: MediaStorage, bytes: Buffer, tools: VideoTools): Promise<StoredVideo> {
  if (!looksLikeVideo(bytes)) throw new NotAVideoError("format");
  const dir = await mkdtemp(path.join(tmpdir(), "portfolio-video-"));
  try {
    const input = path.join(dir, "in");
    const output = path.join(dir, "out.mp4");
    await writeFile(input, bytes);
    const info = await probe(tools, input);
    const formats = (info.format?.format_name ?? "").split(",");
    const picture = info.streams?.find((stream) => stream.codec_type === "video");
    const sound = info.streams?.find((stream) => stream.codec_type === "audio");
    if (!formats.some((f) => f === "mov" || f === "mp4" || f === "matroska" || f === "webm") || !picture?.width || !picture.height) {
      throw new NotAVideoError("format");
    }
    const seconds = Number(info.format?.duration ?? picture.duration);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new NotAVideoError("format");
    if (seconds > VIDEO_MAX_SECONDS + 0.5) throw new NotAVideoError("tooLong");
    const copyPicture = picture.codec_name === "h264" || picture.codec_name === "hevc";
    const copySound = !sound || sound.codec_name === "aac";
    const args = [
      ...["-v", "error", "-nostdin", "-y", "-i", input],
      // The first picture and sound only: no subtitle, data or timed-metadata track.
      ...["-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn"],
      // No metadata of the file, its streams or chapters (location, date, device), nor ffmpeg's own name.
      ...["-map_metadata", "-1", "-map_metadata:s", "-1", "-map_chapters", "-1", "-fflags", "+bitexact"],
      ...(copyPicture
        ? ["-c:v", "copy", ...(picture.codec_name === "hevc" ? ["-tag:v", "hvc1"] : [])]
        : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "26", "-pix_fmt", "yuv420p", "-vf", "scale='min(1280,iw)':-2", "-flags:v", "+bitexact"]),
      ...(copySound ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "96k", "-flags:a", "+bitexact"]),
      ...["-t", String(VIDEO_MAX_SECONDS + 1), "-movflags", "+faststart", "-f", "mp4", output],
    ];
    try {
      await run(tools.ffmpeg, args);
    } catch (error) {
      if (error instanceof VideoToolsMissingError) throw error;
      throw new NotAVideoError("format");
    }
    const written = await readFile(output);
    const after = await probe(tools, output);
    const shown = after.streams?.find((stream) => stream.codec_type === "video");
    const name = `${randomBytes(12).toString("hex")}.mp4`;
    await storage.put(name, written, "video/mp4");
    return {
      name,
      bytes: written.byteLength,
      width: shown?.width ?? picture.width,
      height: shown?.height ?? picture.height,
      durationMs: Math.round(Number(after.format?.duration ?? seconds) * 1000),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
