using System;
using System.Buffers;
using System.IO;
using System.Linq;
using Eddy;
using Eddy.Binary;
using Eddy.Buffers;
using Eddy.Diagnostics;
using Eddy.Pooling;

// Every check prints one line; any failure makes the exit code 1, so the test and the AOT run can tell.
var failures = 0;

void Check(string name, bool passed)
{
    Console.WriteLine($"{(passed ? "ok  " : "FAIL")} {name}");
    if (!passed)
    {
        failures++;
    }
}

var payload = Enumerable.Range(0, 10_000).Select(i => (byte)i).ToArray();

using (var writer = new PooledBufferWriter<byte>())
{
    writer.Write(payload);
    payload.AsSpan(0, 100).CopyTo(writer.GetSpan(100));
    writer.Advance(100);
    Check("PooledBufferWriter<byte> keeps what was written", writer.Length == 10_100 && writer.WrittenSpan[..10_000].SequenceEqual(payload));
    using var owner = writer.DetachBuffer();
    Check("PooledArrayOwner<byte> takes the written bytes", owner.Count == 10_100 && owner.Span[10_000..].SequenceEqual(payload.AsSpan(0, 100)));
}

using (var writer = new PooledBufferWriter<string>(initialCapacity: 4))
{
    writer.Write(["a", "b", "c", "d", "e"]);
    Check("PooledBufferWriter<string> grows for references", string.Concat(writer.ToArray()) == "abcde");
}

using (var buffer = new SegmentedBuffer<byte>(initialChunkLength: 256, maximumChunkLength: 4096))
{
    buffer.Write(payload);
    var sequence = buffer.GetReadOnlySequence();
    Check("SegmentedBuffer<byte> spans several chunks", !sequence.IsSingleSegment && sequence.ToArray().AsSpan().SequenceEqual(payload));
    using var copy = new MemoryStream();
    buffer.WriteTo(copy);
    using var restored = new SegmentedBuffer<byte>();
    copy.Position = 0;
    restored.ReadFrom(copy);
    Check("SegmentedBufferExtensions copy to and read from streams", restored.ToArray().AsSpan().SequenceEqual(payload));
    var middle = new byte[10];
    buffer.CopyTo(5_000, middle);
    Check("SegmentedBuffer<byte> reads at a position", middle.AsSpan().SequenceEqual(payload.AsSpan(5_000, 10)));
}

foreach (var mode in new[] { PooledMemoryStreamMode.Auto, PooledMemoryStreamMode.Contiguous, PooledMemoryStreamMode.Segmented })
{
    var options = new PooledMemoryStreamOptions { Mode = mode, ChunkLength = 1024, ClearOnReturn = true };
    using var stream = new PooledMemoryStream(options);
    stream.Write(payload);
    stream.WriteByte(7);
    payload.AsSpan(0, 10).CopyTo(stream.GetSpan(10));
    stream.Advance(10);
    stream.Position = 0;
    var back = new byte[payload.Length];
    stream.ReadExactly(back);
    Check($"PooledMemoryStream ({mode}) reads back what was written", back.AsSpan().SequenceEqual(payload) && stream.ReadByte() == 7);
    Check($"PooledMemoryStream ({mode}) exposes its content as a sequence", stream.GetReadOnlySequence().Length == payload.Length + 11 && stream.ToArray().Length == payload.Length + 11);
}

using (var fromArray = new PooledMemoryStream(payload))
{
    Check("PooledMemoryStream over an array reads it", fromArray.Length == payload.Length && fromArray.ReadByte() == payload[0]);
}

var streamPool = new PooledMemoryStreamPool(new PooledMemoryStreamOptions { InitialCapacity = 4096 }, maximumRetained: 2);
var rented = streamPool.Rent();
rented.Write(payload);
rented.Dispose();
var again = streamPool.Rent();
Check("PooledMemoryStreamPool hands the returned stream out again, empty", ReferenceEquals(rented, again) && again.Length == 0);
again.Dispose();

using (var output = new PooledMemoryStream())
{
    var binary = new BinaryBufferWriter(output);
    binary.Write(42);
    binary.Write("héllo");
    binary.Write7BitEncodedInt64(long.MaxValue);
    binary.WriteSpan<double>([1.5, 2.5]);
    _ = binary << 3.25m << true << "chained";
    binary.Flush();

    var reader = new BinarySequenceReader(output.GetReadOnlySequence());
    var roundTrip = reader.Read<int>() == 42 && reader.ReadString() == "héllo" && reader.Read7BitEncodedInt64() == long.MaxValue
        && reader.Read<double>() == 1.5 && reader.Read<double>() == 2.5
        && reader.Read<decimal>() == 3.25m && reader.Read<bool>() && reader.ReadString() == "chained" && reader.End;
    Check("BinaryBufferWriter (methods and <<) and BinarySequenceReader round-trip through a PooledMemoryStream", roundTrip);
}

var blockPool = new BlockPool(new BlockPoolOptions { MaximumBlockLength = 2 << 20, ClearOnReturn = true });
var block = blockPool.Rent(1000);
blockPool.Return(block);
var statistics = blockPool.GetStatistics();
Check("BlockPool rents power-of-two blocks and counts them", block.Length == 1024 && statistics.RentedBlocks == 1 && statistics.ReturnedBlocks == 1);
var sharedBlock = BlockPool.Shared.Rent(300);
BlockPool.Shared.Return(sharedBlock);
Check("BlockPool.Shared rents at least the minimum block", sharedBlock.Length >= 256);

var eddyPool = new EddyArrayPool<string>();
var strings = eddyPool.Rent(100);
strings[0] = "held";
eddyPool.Return(strings);
Check("EddyArrayPool<string> clears references on return", eddyPool.Rent(100) is var again2 && ReferenceEquals(again2, strings) && again2[0] is null);

var fixedPool = new FixedArrayPool<int, L64>();
int[] leased;
using (fixedPool.Rent(out var fixedArray))
{
    fixedArray[63] = 1;
    leased = fixedArray;
}

Check("FixedArrayPool<int, L64> keeps the leased array", leased.Length == 64 && ReferenceEquals(fixedPool.Rent(), leased));
var concurrent = ConcurrentFixedArrayPool<long, L16>.Shared;
var shared16 = concurrent.Rent();
concurrent.Return(shared16);
Check("ConcurrentFixedArrayPool<long, L16> rents exact lengths", shared16.Length == 16);
var perThread = ThreadStaticFixedArrayPool<byte, L4096>.Shared;
var page = perThread.Rent();
perThread.Return(page);
Check("ThreadStaticFixedArrayPool<byte, L4096> takes its array back", page.Length == 4096 && ReferenceEquals(perThread.Rent(), page));

var selfReturning = new SelfReturningBufferPool(maximumRetainedBytes: 1 << 20);
using (var buffer = selfReturning.Rent(1000))
{
    payload.AsSpan(0, 1000).CopyTo(buffer.GetSpan());
    var copy = new byte[1000];
    buffer.CopyTo(copy);
    Check("SelfReturningBuffer holds what was copied in", buffer.Length == 1000 && copy.AsSpan().SequenceEqual(payload.AsSpan(0, 1000)));
}

Check("SelfReturningBufferPool counts the rental", selfReturning.GetStatistics().RentedCount == 1);

EventHandler<LeakDetectedEventArgs> onLeak = (_, e) => Console.WriteLine($"leak: {e}");
LeakTracker.LeakDetected += onLeak;
var samplingBefore = LeakTracker.SamplingInterval;
LeakTracker.SamplingInterval = 1;
Check("LeakTracker takes a sampling interval", LeakTracker.SamplingInterval == 1 && LeakTracker.RescuedCount >= 0);
LeakTracker.SamplingInterval = samplingBefore;
LeakTracker.LeakDetected -= onLeak;
Check("EddyDiagnostics names the meter and the event source", EddyDiagnostics.MeterName == "Eddy.Pooling" && EddyDiagnostics.EventSourceName == "Eddy-Pooling");

Console.WriteLine(failures == 0 ? "all checks passed" : $"{failures} checks failed");
return failures == 0 ? 0 : 1;
