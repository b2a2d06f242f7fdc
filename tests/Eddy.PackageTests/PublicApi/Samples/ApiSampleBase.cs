using System;

namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>A derivable class exercising what the API listing must show and hide.</summary>
public abstract class ApiSampleBase
{
    public const long Limit = 42;

    public static readonly string? Fallback = null;

    protected ApiSampleBase()
    {
    }

    public event EventHandler<EventArgs>? Changed;

    public virtual string Name { get; protected set; } = "";

    public int this[int index] => index;

    internal int Hidden => 1;

    private protected int AlsoHidden => 2;

    public abstract ReadOnlySpan<byte> Read(in int start, out int read, ref long total);

    protected virtual void OnChanged() => Changed?.Invoke(this, EventArgs.Empty);

    /// <summary>A public type nested in a public type is listed after its outer type's members.</summary>
    public sealed class Nested : ApiSampleBase
    {
        public override string Name { get => base.Name; protected set => base.Name = value; }

        public override ReadOnlySpan<byte> Read(in int start, out int read, ref long total)
        {
            read = start;
            return default;
        }

        protected sealed override void OnChanged() => base.OnChanged();
    }
}
