using System;
using System.Buffers;
using System.IO;
using System.Linq;
using Eddy.Buffers;

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
    Check("PooledBufferWriter<byte> keeps what was written", writer.WrittenCount == 10_100 && writer.WrittenSpan[..10_000].SequenceEqual(payload));
    using var owner = writer.DetachBuffer();
    Check("PooledArrayOwner<byte> takes the written bytes", owner.Count == 10_100 && owner.Span[10_000..].SequenceEqual(payload.AsSpan(0, 100)));
}

using (var writer = new PooledBufferWriter<string>(initialCapacity: 4))
{
    writer.Write(["a", "b", "c", "d", "e"]);
    Check("PooledBufferWriter<string> grows for references", string.Concat(writer.ToArray()) == "abcde");
}

using (var buffer = new SegmentedBuffer<byte>(initialChunkLength: 256, maxChunkLength: 4096))
{
    buffer.Write(payload);
    var sequence = buffer.AsReadOnlySequence();
    Check("SegmentedBuffer<byte> spans several chunks", !sequence.IsSingleSegment && sequence.ToArray().AsSpan().SequenceEqual(payload));
    using var copy = new MemoryStream();
    buffer.CopyTo(copy);
    using var restored = new SegmentedBuffer<byte>();
    copy.Position = 0;
    restored.ReadFrom(copy);
    Check("SegmentedBufferExtensions copy to and read from streams", restored.ToArray().AsSpan().SequenceEqual(payload));
    var middle = new byte[10];
    buffer.CopyTo(5_000, middle);
    Check("SegmentedBuffer<byte> reads at a position", middle.AsSpan().SequenceEqual(payload.AsSpan(5_000, 10)));
}

Console.WriteLine(failures == 0 ? "all checks passed" : $"{failures} checks failed");
return failures == 0 ? 0 : 1;
