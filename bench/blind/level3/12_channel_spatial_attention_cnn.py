"""CNN with CBAM-style attention: two conv-BN-ReLU stages, each followed by channel attention (avg- and max-pooled shared MLP, sigmoid) and spatial attention (7x7 conv over channel mean/max, sigmoid), then max pool; pooled linear head: (32, 3, 160, 160) -> (32, 100)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _bn(c):
    bn = nn.BatchNorm2d(c)
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.1)
    return bn


class ChannelSpatialAttention(nn.Module):
    def __init__(self, c, reduction):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(c, c // reduction), nn.ReLU(), nn.Linear(c // reduction, c))
        self.spatial = nn.Conv2d(2, 1, 7, padding=3)

    def forward(self, x):
        avg = self.mlp(torch.mean(x, dim=(2, 3)))
        mx = self.mlp(torch.amax(x, dim=(2, 3)))
        x = x * torch.sigmoid(avg + mx)[:, :, None, None]
        s = torch.cat([torch.mean(x, dim=1, keepdim=True), torch.amax(x, dim=1, keepdim=True)], dim=1)
        return x * torch.sigmoid(self.spatial(s))


class Model(nn.Module):
    def __init__(self, in_channels, width, num_classes):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Conv2d(in_channels, width, 3, padding=1, bias=False), _bn(width), nn.ReLU(),
                                    nn.Conv2d(width, width, 3, padding=1, bias=False), _bn(width), nn.ReLU())
        self.att1 = ChannelSpatialAttention(width, 8)
        self.stage2 = nn.Sequential(nn.Conv2d(width, 2 * width, 3, padding=1, bias=False), _bn(2 * width), nn.ReLU(),
                                    nn.Conv2d(2 * width, 2 * width, 3, padding=1, bias=False), _bn(2 * width), nn.ReLU())
        self.att2 = ChannelSpatialAttention(2 * width, 8)
        self.head = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        x = F.max_pool2d(self.att1(self.stage1(x)), 2)
        x = F.max_pool2d(self.att2(self.stage2(x)), 2)
        return self.head(torch.mean(x, dim=(2, 3)))


batch_size = 32
in_channels = 3
width = 64
num_classes = 100
height = 160
width_px = 160

SMALL = {"batch_size": 2, "width": 8, "num_classes": 10, "height": 16, "width_px": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width_px)]


def get_init_inputs():
    return [in_channels, width, num_classes]
