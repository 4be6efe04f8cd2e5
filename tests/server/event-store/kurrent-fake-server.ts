import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { PassThrough, Writable } from 'node:stream';
import {
  Empty,
  StreamIdentifier,
  UUID,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import type {
  AppendReq,
  ReadReq,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import {
  AppendResp,
  ReadResp,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import { ServerFeaturesClient } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb';
import { StreamsClient } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';

/**
 * A KurrentDB stand-in under the real client: a real `KurrentDBClient` whose transport is replaced
 * where it meets the network, so the client's own code runs above it (request building, the
 * `Subscription` and its error conversion, `appendToStream`, `throwOnAppendFailure`, the
 * reconnection bookkeeping). gRPC calls (subscriptions, appends) reach fake gRPC clients here;
 * reads go through the client's native bridge, replaced by an in-memory reader of the same log.
 * The log follows KurrentDB's rules as far as the adapter relies on them: expected revisions,
 * an exact-revision retry of the same ids is idempotent, commit positions strictly increase.
 * What a test controls: breaking subscriptions like a dropped connection or a server that ends
 * the stream, refusing new ones (an outage), holding append answers, answering "wrong version".
 */

interface StoredEvent {
  streamId: string;
  revision: number;
  id: string;
  type: string;
  data: Buffer;
  metadata: Buffer;
  position: number;
  created: number;
}

export interface FakeCall {
  request: ReadReq;
  metadata: Metadata;
  deadline: unknown;
  stream: PassThrough & { cancel(): void };
  cancelled: boolean;
  /** The server-side stream-name filter (the adapter asks for user streams only). */
  accepts(streamId: string): boolean;
}

export interface FakeAppend {
  metadata: Metadata;
  deadline: unknown;
  streamId: string;
}

function grpcError(code: GrpcStatus, details: string): Error {
  return Object.assign(new Error(`${code} ${GrpcStatus[code]}: ${details}`), {
    code,
    details,
    metadata: new Metadata(),
  });
}

function toReadResp(event: StoredEvent): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(new UUID().setString(event.id));
  recorded.setStreamIdentifier(
    new StreamIdentifier().setStreamName(Buffer.from(event.streamId)),
  );
  recorded.setStreamRevision(String(event.revision));
  recorded.setCommitPosition(String(event.position));
  recorded.setPreparePosition(String(event.position));
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', 'application/json')
    .set('created', String(BigInt(event.created) * 10_000n));
  recorded.setCustomMetadata(event.metadata);
  recorded.setData(event.data);
  const read = new ReadResp.ReadEvent();
  read.setEvent(recorded);
  read.setCommitPosition(String(event.position));
  return new ReadResp().setEvent(read);
}

/** What the native bridge hands the client for one event. */
function toBridgeEvent(event: StoredEvent) {
  const position = {
    commit: BigInt(event.position),
    prepare: BigInt(event.position),
  };
  return {
    event: {
      streamId: event.streamId,
      id: event.id,
      revision: BigInt(event.revision),
      type: event.type,
      created: event.created,
      metadata: event.metadata,
      isJson: true,
      data: event.data,
      position,
    },
    commitPosition: position.commit,
  };
}

type BridgeReadOptions = {
  direction: string;
  maxCount: bigint;
  requiresLeader: boolean;
  fromRevision?: unknown;
  fromPosition?: unknown;
  filter?: { regex?: string };
};

export function createFakeKurrent(
  options: { throwOnAppendFailure?: boolean; eventsPerRead?: number } = {},
) {
  const query =
    options.throwOnAppendFailure === false ? '&throwOnAppendFailure=false' : '';
  const client = KurrentDBClient.connectionString(
    `kurrentdb://127.0.0.1:2113?tls=false${query}`,
  );
  const log: StoredEvent[] = [];
  const calls: FakeCall[] = [];
  const appends: FakeAppend[] = [];
  const bridgeReads: { kind: 'stream' | 'all'; options: BridgeReadOptions }[] =
    [];
  let outage = false;
  let held: (() => void)[] | null = null;
  let wrongVersionAnswers = 0;
  let hangReads = false;

  const openCalls = () =>
    calls.filter((c) => !c.stream.readableEnded && !c.stream.destroyed);
  function finish(call: FakeCall, code: GrpcStatus, details: string): void {
    call.stream.push(null); // as grpc-js does on a status: end first, then the error
    if (code !== GrpcStatus.OK)
      call.stream.emit('error', grpcError(code, details));
  }

  function subscribe(
    request: ReadReq,
    metadata: Metadata,
    callOptions: { deadline?: unknown },
  ): FakeCall['stream'] {
    const stream = Object.assign(new PassThrough({ objectMode: true }), {
      cancel() {
        call.cancelled = true;
        finish(call, GrpcStatus.CANCELLED, 'Cancelled on client');
      },
    });
    const regex = request
      .getOptions()!
      .getFilter()
      ?.getStreamIdentifier()
      ?.getRegex();
    const accepts = (streamId: string) =>
      !regex || new RegExp(regex).test(streamId);
    const call: FakeCall = {
      request,
      metadata,
      deadline: callOptions.deadline,
      stream,
      cancelled: false,
      accepts,
    };
    calls.push(call);
    if (outage) {
      setImmediate(() =>
        finish(
          call,
          GrpcStatus.UNAVAILABLE,
          'failed to connect to all addresses',
        ),
      );
      return stream;
    }
    const from = request.getOptions()!.getAll()!;
    const after = from.hasPosition()
      ? Number(from.getPosition()!.getCommitPosition())
      : -1;
    // Catch-up, then live: everything at or after the requested position (KurrentDB includes it).
    for (const event of log)
      if (event.position >= after && accepts(event.streamId))
        stream.write(toReadResp(event));
    return stream;
  }

  function streamRevision(streamId: string): number {
    let revision = -1;
    for (const event of log)
      if (event.streamId === streamId) revision = event.revision;
    return revision;
  }

  function answerAppend(requests: AppendReq[]): AppendResp {
    const header = requests[0]!.getOptions()!;
    const streamId = Buffer.from(
      header.getStreamIdentifier()!.getStreamName_asU8(),
    ).toString();
    const proposed = requests.slice(1).map((r) => r.getProposedMessage()!);
    const current = streamRevision(streamId);
    const expected = header.hasRevision()
      ? Number(header.getRevision())
      : header.hasNoStream()
        ? -1
        : header.hasStreamExists()
          ? 'exists'
          : 'any';
    const ids = proposed.map((p) => p.getId()!.getString());
    const wrong = () => {
      const error = new AppendResp.WrongExpectedVersion();
      if (current >= 0) error.setCurrentRevision(String(current));
      else error.setCurrentNoStream(new Empty());
      if (typeof expected === 'number' && expected >= 0)
        error.setExpectedRevision(String(expected));
      return new AppendResp().setWrongExpectedVersion(error);
    };
    if (wrongVersionAnswers > 0) {
      wrongVersionAnswers -= 1;
      return wrong();
    }
    const success = (revision: number, position: number) =>
      new AppendResp().setSuccess(
        new AppendResp.Success()
          .setCurrentRevision(String(revision))
          .setPosition(
            new AppendResp.Position()
              .setCommitPosition(String(position))
              .setPreparePosition(String(position)),
          ),
      );
    if (typeof expected === 'number' && expected < current) {
      const existing = log
        .filter((e) => e.streamId === streamId && e.revision > expected)
        .slice(0, ids.length);
      if (
        existing.length === ids.length &&
        existing.every((e, i) => e.id === ids[i])
      )
        return success(existing.at(-1)!.revision, existing.at(-1)!.position);
      return wrong();
    }
    if (
      (typeof expected === 'number' && expected !== current) ||
      (expected === 'exists' && current < 0)
    )
      return wrong();
    let revision = current;
    let position = 0;
    for (const message of proposed) {
      const map = message.getMetadataMap();
      revision += 1;
      position = (log.at(-1)?.position ?? 0) + 128;
      const event: StoredEvent = {
        streamId,
        revision,
        id: message.getId()!.getString(),
        type: map.get('type')!,
        data: Buffer.from(message.getData_asU8()),
        metadata: Buffer.from(message.getCustomMetadata_asU8()),
        position,
        created: Date.now(),
      };
      log.push(event);
      for (const call of openCalls())
        if (call.accepts(event.streamId)) call.stream.write(toReadResp(event));
    }
    return success(revision, position);
  }

  const streams = {
    read: (
      request: ReadReq,
      metadata: Metadata,
      callOptions: { deadline?: unknown },
    ) => subscribe(request, metadata, callOptions),
    append(
      metadata: Metadata,
      callOptions: { deadline?: unknown },
      callback: (error: Error | null, response?: AppendResp) => void,
    ) {
      const requests: AppendReq[] = [];
      const sink = new Writable({
        objectMode: true,
        write(request: AppendReq, _encoding, next) {
          requests.push(request);
          next();
        },
      });
      sink.on('finish', () => {
        const streamId = Buffer.from(
          requests[0]!
            .getOptions()!
            .getStreamIdentifier()!
            .getStreamName_asU8(),
        ).toString();
        appends.push({ metadata, deadline: callOptions.deadline, streamId });
        let answered = false;
        const answer = (error: Error | null, response?: AppendResp) => {
          if (answered) return;
          answered = true;
          callback(error, response);
        };
        const respond = () =>
          outage
            ? answer(grpcError(GrpcStatus.UNAVAILABLE, 'Connection dropped'))
            : answer(null, answerAppend(requests));
        // As grpc-js does: a call still unanswered at its deadline fails with DEADLINE_EXCEEDED.
        const deadline =
          callOptions.deadline instanceof Date
            ? callOptions.deadline.getTime() - Date.now()
            : Infinity;
        if (Number.isFinite(deadline))
          setTimeout(
            () =>
              answer(
                grpcError(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded'),
              ),
            Math.max(0, deadline),
          ).unref();
        if (held) held.push(respond);
        else setImmediate(respond);
      });
      return sink;
    },
    getChannel: () => ({}),
  };
  const features = {
    // An older server without the features endpoint: the client then appends with the v1 call.
    getSupportedMethods: (
      _request: unknown,
      callback: (error: Error) => void,
    ) =>
      setImmediate(() =>
        callback(grpcError(GrpcStatus.UNIMPLEMENTED, 'unknown service')),
      ),
    getChannel: () => ({}),
  };
  (
    client as unknown as { getGRPCClient: (type: unknown) => Promise<unknown> }
  ).getGRPCClient = async (type) =>
    type === StreamsClient
      ? streams
      : type === ServerFeaturesClient
        ? features
        : Promise.reject(new Error('not faked'));

  async function* bridgeRead(
    kind: 'stream' | 'all',
    select: () => StoredEvent[],
    readOptions: BridgeReadOptions,
  ) {
    bridgeReads.push({ kind, options: readOptions });
    if (hangReads) await new Promise(() => undefined);
    if (outage)
      throw Object.assign(new Error('Connection refused'), {
        name: 'UnavailableError',
      });
    const selected = select();
    const ordered =
      readOptions.direction === 'backwards' ? selected.reverse() : selected;
    const limited = ordered.slice(0, Number(readOptions.maxCount));
    const perRead = options.eventsPerRead ?? 50;
    for (let i = 0; i < limited.length; i += perRead)
      yield limited.slice(i, i + perRead).map(toBridgeEvent);
  }
  const bridge = {
    readStream(streamId: string, readOptions: BridgeReadOptions) {
      const events = log.filter((e) => e.streamId === streamId);
      return (async function* () {
        if (events.length === 0 && !outage && !hangReads)
          throw Object.assign(new Error(`${streamId} not found`), {
            name: 'StreamNotFoundError',
          });
        const from = readOptions.fromRevision;
        const backwards = readOptions.direction === 'backwards';
        const start =
          from === 'start' ? 0 : from === 'end' ? Infinity : Number(from);
        yield* bridgeRead(
          'stream',
          () =>
            events.filter((e) =>
              backwards ? e.revision <= start : e.revision >= start,
            ),
          readOptions,
        );
      })();
    },
    readAll(readOptions: BridgeReadOptions) {
      const from = readOptions.fromPosition;
      const backwards = readOptions.direction === 'backwards';
      const at =
        from === 'start'
          ? 0
          : from === 'end'
            ? Infinity
            : Number((from as { commit: bigint }).commit);
      const regex = readOptions.filter?.regex
        ? new RegExp(readOptions.filter.regex)
        : null;
      return bridgeRead(
        'all',
        () =>
          log.filter(
            (e) =>
              (backwards ? e.position <= at : e.position >= at) &&
              (!regex || regex.test(e.streamId)),
          ),
        readOptions,
      );
    },
  };
  Object.defineProperty(client, 'rustClient', { value: bridge });

  return {
    client,
    log,
    calls,
    appends,
    bridgeReads,
    openCalls,
    /** Drops every open subscription as a lost connection does (UNAVAILABLE), or ends it as a server that closes the stream. */
    breakSubscriptions(how: 'unavailable' | 'ended' = 'unavailable'): void {
      for (const call of openCalls())
        finish(
          call,
          how === 'ended' ? GrpcStatus.OK : GrpcStatus.UNAVAILABLE,
          'Connection dropped',
        );
    },
    /** While on: subscriptions are dropped and refused, reads and appends fail as unavailable. */
    setOutage(on: boolean): void {
      outage = on;
      if (on) this.breakSubscriptions();
    },
    /** The next `count` appends are answered "wrong expected version", whatever the log holds. */
    answerWrongVersion(count = 1): void {
      wrongVersionAnswers = count;
    },
    /** Appends reach the log and are acknowledged only when released. */
    holdAppends(): () => void {
      held = [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const respond of waiting) respond();
      };
    },
    /** Reads never answer (a hung node). */
    hangReads(on = true): void {
      hangReads = on;
    },
    /** Writes an event behind the adapter's back (another writer), with raw metadata bytes. */
    writeRaw(
      streamId: string,
      type: string,
      data: unknown,
      metadata: Buffer,
    ): StoredEvent {
      const event: StoredEvent = {
        streamId,
        revision: streamRevision(streamId) + 1,
        id: crypto.randomUUID(),
        type,
        data: Buffer.from(JSON.stringify(data)),
        metadata,
        position: (log.at(-1)?.position ?? 0) + 128,
        created: Date.now(),
      };
      log.push(event);
      for (const call of openCalls())
        if (call.accepts(event.streamId)) call.stream.write(toReadResp(event));
      return event;
    },
  };
}
