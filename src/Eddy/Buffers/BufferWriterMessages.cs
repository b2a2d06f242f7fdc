namespace Eddy.Buffers;

/// <summary>Exception messages the two buffer writers share, so they report the same misuse the same way.</summary>
internal static class BufferWriterMessages
{
    public const string AdvanceWithoutSpan = "Advance must follow GetSpan or GetMemory, with no other write between, and not pass the end of the span handed out.";
}
