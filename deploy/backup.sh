#!/usr/bin/env bash
# Nightly backup (deploy/stem-academy-backup.timer; docs/deploy.md "Backups"): the PostgreSQL
# database in pg_dump's custom format (compressed, restored table by table with pg_restore) and,
# when uploads are kept on disk, the uploads folder. Retention: every nightly dump for 14 days,
# Sunday's for 8 weeks, the first of the month's for 12 months; older files are deleted.
# Copy BACKUP_DIR off the machine too (another host or a bucket): a backup on the same disk as the
# database is lost with it. `npm run rehearse:restore` checks that a dump restores.
set -euo pipefail

# DATABASE_URL (and UPLOADS_DIR, S3_BUCKET) from the instances' env file; the restore rehearsal
# points STEM_ENV_FILE elsewhere and passes DATABASE_URL itself.
ENV_FILE=${STEM_ENV_FILE:-/etc/stem-academy/stem-academy.env}
if [ -f "$ENV_FILE" ]; then
  set -a
  . "$ENV_FILE"
  set +a
fi
: "${DATABASE_URL:?DATABASE_URL is not set}"
BACKUP_DIR=${BACKUP_DIR:-/var/backups/stem-academy}
DAILY_DAYS=${DAILY_DAYS:-14}
WEEKLY_DAYS=${WEEKLY_DAYS:-56}
MONTHLY_DAYS=${MONTHLY_DAYS:-365}

stamp=$(date -u +%Y-%m-%dT%H%MZ)
mkdir -p "$BACKUP_DIR"/{daily,weekly,monthly}
umask 077

# Written under a temporary name and renamed when complete: a half-written dump never looks like a backup.
dump="$BACKUP_DIR/daily/stem-$stamp.dump"
pg_dump --format=custom --no-owner --dbname="$DATABASE_URL" --file="$dump.partial"
pg_restore --list "$dump.partial" >/dev/null   # readable archive, or fail now
mv "$dump.partial" "$dump"

if [ -z "${S3_BUCKET:-}" ] && [ -n "${UPLOADS_DIR:-}" ] && [ -d "$UPLOADS_DIR" ]; then
  tar -C "$UPLOADS_DIR" -czf "$BACKUP_DIR/daily/uploads-$stamp.tar.gz.partial" .
  mv "$BACKUP_DIR/daily/uploads-$stamp.tar.gz.partial" "$BACKUP_DIR/daily/uploads-$stamp.tar.gz"
fi
# Uploads in S3: keep them with the bucket's versioning and a lifecycle rule (docs/deploy.md).

# Hard links: the weekly and monthly copies cost no space while the daily one exists.
[ "$(date -u +%u)" = 7 ] && ln -f "$dump" "$BACKUP_DIR/weekly/"
[ "$(date -u +%d)" = 01 ] && ln -f "$dump" "$BACKUP_DIR/monthly/"

find "$BACKUP_DIR/daily" -type f -mtime +"$DAILY_DAYS" -delete
find "$BACKUP_DIR/weekly" -type f -mtime +"$WEEKLY_DAYS" -delete
find "$BACKUP_DIR/monthly" -type f -mtime +"$MONTHLY_DAYS" -delete
find "$BACKUP_DIR" -name '*.partial' -mmin +720 -delete
echo "backup: $dump ($(du -h "$dump" | cut -f1))"
