using System;
using System.IO;
using System.Reflection;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy.FileBuffering;

// netstandard2.1 has no RandomAccess: each call moves the file position first. Nor has it FileStreamOptions, so the
// owner-only creation reaches it through reflection on the runtimes that have it (.NET 7 and later).
internal sealed partial class SpillFile
{
    private const int OwnerReadWrite = 0x180; // UnixFileMode.UserRead | UnixFileMode.UserWrite, 0600

    private static readonly PrivateCreation? s_privateCreation = PrivateCreation.Find();

    /// <summary>
    /// Creates the file at <paramref name="path"/> (it must not exist). Where the runtime has
    /// <c>FileStreamOptions.UnixCreateMode</c> the file is created readable and writable by its owner only, the mode
    /// given to the system call that creates it. Elsewhere (Windows, where it does not apply, and Unix runtimes
    /// without it: Mono, .NET Core 3.1 to 6) it gets the runtime's default mode, and <see cref="Create"/> removes its
    /// name before the first byte is written.
    /// </summary>
    internal static FileStream CreatePrivate(string path, FileOptions options)
    {
        PrivateCreation? creation = s_privateCreation;
        if (creation is null || RuntimeInformation.IsOSPlatform(OSPlatform.Windows))
        {
            return new FileStream(path, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.None, bufferSize: 1, options);
        }

        return creation.Create(path, options);
    }

    public int ReadAt(Span<byte> buffer, long offset)
    {
        _stream.Position = offset;
        return _stream.Read(buffer);
    }

    public ValueTask<int> ReadAtAsync(Memory<byte> buffer, long offset, CancellationToken cancellationToken)
    {
        _stream.Position = offset;
        return _stream.ReadAsync(buffer, cancellationToken);
    }

    public void WriteAt(ReadOnlySpan<byte> buffer, long offset)
    {
        _stream.Position = offset;
        _stream.Write(buffer);
    }

    public ValueTask WriteAtAsync(ReadOnlyMemory<byte> buffer, long offset, CancellationToken cancellationToken)
    {
        _stream.Position = offset;
        return _stream.WriteAsync(buffer, cancellationToken);
    }

    /// <summary><c>new FileStream(path, new FileStreamOptions { ..., UnixCreateMode = 0600 })</c>, found by reflection.</summary>
    private sealed class PrivateCreation
    {
        private readonly Type _optionsType;
        private readonly ConstructorInfo _constructor;
        private readonly object _mode;

        private PrivateCreation(Type optionsType, ConstructorInfo constructor, object mode)
        {
            _optionsType = optionsType;
            _constructor = constructor;
            _mode = mode;
        }

        public static PrivateCreation? Find()
        {
            Type? optionsType = typeof(FileStream).Assembly.GetType("System.IO.FileStreamOptions");
            PropertyInfo? unixMode = optionsType?.GetProperty("UnixCreateMode");
            ConstructorInfo? constructor = optionsType is null ? null : typeof(FileStream).GetConstructor(new[] { typeof(string), optionsType });
            if (optionsType is null || unixMode is null || constructor is null)
            {
                return null;
            }

            Type modeType = Nullable.GetUnderlyingType(unixMode.PropertyType) ?? unixMode.PropertyType;
            return new PrivateCreation(optionsType, constructor, Enum.ToObject(modeType, OwnerReadWrite));
        }

        public FileStream Create(string path, FileOptions options)
        {
            object settings = Activator.CreateInstance(_optionsType)!;
            Set(settings, "Mode", FileMode.CreateNew);
            Set(settings, "Access", FileAccess.ReadWrite);
            Set(settings, "Share", FileShare.None);
            Set(settings, "Options", options);
            Set(settings, "BufferSize", 0);
            Set(settings, "UnixCreateMode", _mode);
            try
            {
                return (FileStream)_constructor.Invoke(new[] { path, settings });
            }
            catch (TargetInvocationException exception) when (exception.InnerException is not null)
            {
                ExceptionDispatchInfo.Capture(exception.InnerException).Throw();
                throw;
            }
        }

        private void Set(object settings, string name, object value) => _optionsType.GetProperty(name)!.SetValue(settings, value);
    }
}
