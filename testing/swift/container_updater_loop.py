#!/usr/bin/python3
"""Swift's container-updater for the test harness: one long-lived process per region.

Account stats (container/object count, bytes used) only change when a container-updater
reports container stats to the account server. Measured on 2 cores, the stock options
cost too much:
  * `swift-container-updater` daemon: forks a child per partition on every pass
    (~0.5 core per region at interval=2, even when idle);
  * `swift-container-updater <conf> once` in a loop: ~1.4 s CPU of imports per run;
  * ContainerUpdater.container_sweep in a loop: opens every container DB on every pass
    (a full core with ~1300 containers).
So this reuses Swift's ContainerUpdater.process_container, but only for container DBs
whose file or .pending journal changed since the previous pass. Which ones changed comes
from inotify (a stat of every container each pass still cost ~0.1 core per region with
~4,000 containers, for the whole test run); where inotify is out of watches or its queue
overflows, each pass stats every container instead.

usage: container_updater_loop.py <container-server.conf>   (interval from [container-updater])
"""
import ctypes
import os
import struct
import sys
import time

from swift.common import utils
from swift.container.updater import ContainerUpdater


def signature(db):
    """(mtime, size) of a container DB and of its .pending journal."""
    sig = []  # sig[0] is None for a hash dir without a DB: nothing to process
    for path in (db, db + '.pending'):
        try:
            st = os.stat(path)
            sig.append((st.st_mtime_ns, st.st_size))
        except OSError:
            sig.append(None)
    return tuple(sig)


def subdirs(path):
    try:
        return [e.path for e in os.scandir(path) if e.is_dir()]
    except OSError:
        return []


def container_dbs(partitions):
    """containers/<part>/<suffix>/<hash>/<hash>.db, without listing each hash dir."""
    for part in partitions:
        for suffix in subdirs(part):
            for hash_dir in subdirs(suffix):
                yield os.path.join(hash_dir, os.path.basename(hash_dir) + '.db')


IN_MODIFY, IN_CLOSE_WRITE, IN_MOVED_TO, IN_CREATE = 0x2, 0x8, 0x80, 0x100
IN_Q_OVERFLOW, IN_IGNORED, IN_ISDIR = 0x4000, 0x8000, 0x40000000
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000
EVENT = struct.Struct('iIII')  # wd, mask, cookie, len; then len bytes of name


class Watch:
    """The hash dirs (one container DB each) written to since the last call, from inotify.

    Depths: 0 a device, 1 its containers dir, 2 a partition, 3 a suffix, 4 a hash dir.
    A directory is watched before it is listed, so one created meanwhile is seen either way.
    """

    def __init__(self, devices):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), 'inotify_init1 failed')
        self.dirs = {}  # watch descriptor -> (path, depth)
        self.changed = set()
        for device in subdirs(devices):
            self.add(device, 0)

    def add(self, path, depth):
        mask = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE if depth == 4 else IN_CREATE | IN_MOVED_TO
        wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path), mask)
        if wd < 0:
            err = ctypes.get_errno()
            if err == 2:  # ENOENT: gone again before it was watched
                return
            raise OSError(err, 'inotify_add_watch failed on ' + path)
        self.dirs[wd] = (path, depth)
        if depth == 4:
            self.changed.add(path)  # new to us: processed once
            return
        for sub in subdirs(path):
            if depth > 0 or os.path.basename(sub) == 'containers':
                self.add(sub, depth + 1)

    def take(self):
        """Hash dirs changed since the last call; raises OSError when events were lost."""
        while True:
            try:
                buf = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                break
            at = 0
            while at < len(buf):
                wd, mask, _cookie, length = EVENT.unpack_from(buf, at)
                name = buf[at + EVENT.size:at + EVENT.size + length].rstrip(b'\0')
                at += EVENT.size + length
                if mask & IN_Q_OVERFLOW:
                    raise OSError('inotify queue overflowed')
                if wd not in self.dirs:
                    continue
                path, depth = self.dirs[wd]
                if mask & IN_IGNORED:
                    del self.dirs[wd]
                elif depth == 4:
                    self.changed.add(path)
                elif mask & IN_ISDIR and (depth > 0 or name == b'containers'):
                    self.add(os.path.join(path, os.fsdecode(name)), depth + 1)
        changed, self.changed = self.changed, set()
        return changed


def main():
    conf = utils.readconf(sys.argv[1], 'container-updater')
    interval = float(conf.get('interval', 2))
    utils.validate_configuration()
    logger = utils.get_logger(conf, conf.get('log_name', 'container-updater'),
                              log_route='container-updater')
    utils.eventlet_monkey_patch()
    updater = ContainerUpdater(conf, logger=logger)
    seen = {}  # container DB path -> signature when last processed
    retry = set()  # DBs whose report failed: tried again on the next pass
    try:
        watch = Watch(updater.devices)
        how = 'inotify'
    except OSError as err:
        watch, how = None, 'a stat per container (%s)' % err
    logger.info('container-updater loop started (interval %ss, changes by %s)', interval, how)
    while True:
        begin = time.time()
        updater.successes = updater.failures = updater.no_changes = 0
        dbs = None
        if watch is not None:
            try:
                dbs = {os.path.join(d, os.path.basename(d) + '.db') for d in watch.take()} | retry
            except OSError as err:
                logger.warning('inotify gave up (%s): a stat per container from now on', err)
                watch = None
        if dbs is None:
            dbs = container_dbs(updater.get_paths())
        retry = set()
        for db in dbs:
            # Taken before processing: a change landing meanwhile (or the updater's
            # own write) simply gets the DB processed once more.
            sig = signature(db)
            if seen.get(db) == sig or sig[0] is None:
                continue
            failures = updater.failures
            try:
                updater.process_container(db)
            except Exception:
                logger.exception('error processing container %s', db)
                failures = -1
            if updater.failures == failures:
                seen[db] = sig
            else:
                seen.pop(db, None)
                retry.add(db)
        if updater.successes or updater.failures:
            logger.info('container sweep: %d reported, %d failed, %d unchanged in %.2fs',
                        updater.successes, updater.failures, updater.no_changes,
                        time.time() - begin)
        time.sleep(max(0.0, interval - (time.time() - begin)))

if __name__ == '__main__':
    main()
