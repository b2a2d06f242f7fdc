namespace Eddy.Samples.GameLoop;

/// <summary>One particle of a burst: position and velocity in metres and metres per second.</summary>
internal struct Particle
{
    public float X;
    public float Y;
    public float VelocityX;
    public float VelocityY;
}
